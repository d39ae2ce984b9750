import type { RawBatch, RawRow } from './cells.ts';
import { cellText, isoDate } from './cells.ts';
import { readCsvRows } from './csv-reader.ts';
import { sniffUpload } from './file-type.ts';
import { readHeader, type HeaderLayout } from './headers.ts';
import { normaliseRow, type MasterRow, type RowContext, type RowError } from './row-normalise.ts';
import { readSpreadsheetRows } from './spreadsheet-reader.ts';
import { UploadError } from './upload-error.ts';
import { inspectXlsx } from './zip-inspect.ts';

export { UploadError } from './upload-error.ts';
export type { MasterRow, RowError } from './row-normalise.ts';

export interface ParseLimits {
  /** Bytes an .xlsx may expand to when unzipped (zip-bomb guard): 413 above. */
  maxUncompressedBytes: number;
  /** Heap of the spreadsheet worker: 413 when a workbook needs more. */
  workerMaxMemoryMb: number;
  /** Working time of the spreadsheet worker: 413 when a workbook takes longer. */
  workerTimeoutMs: number;
  /** How many row errors the caller reports (100); every error is still yielded so it can count them. */
  maxErrors: number;
}

export interface ParsedBatch {
  rows: MasterRow[];
  errors: RowError[];
}

const BATCH_ROWS = 2000;
/** Rows looked at to find the header when the first non-empty row is not it (a title above the table). */
const HEADER_SEARCH_ROWS = 10;

/**
 * Reads an uploaded master list and yields its valid rows and its row errors in batches of about
 * 2,000 rows, in file order. CSV is streamed in this thread; .xlsx/.xls are read by a worker
 * thread with memory and time limits. Whole-file problems throw UploadError: 415 wrong or
 * mismatched type, 400 empty file, 413 too large when unzipped / too heavy to read, 422 missing
 * required columns, no data rows or unreadable content.
 */
export async function* parseUpload(
  filePath: string,
  fileName: string,
  limits: ParseLimits,
): AsyncGenerator<ParsedBatch> {
  const upload = await sniffUpload(filePath, fileName);
  let source: AsyncGenerator<RawBatch>;
  if (upload.kind === 'csv') source = readCsvRows(filePath, upload.head, BATCH_ROWS);
  else {
    if (upload.kind === 'xlsx')
      await inspectXlsx(filePath, { maxUncompressedBytes: limits.maxUncompressedBytes });
    source = readSpreadsheetRows(filePath, upload.kind, limits, BATCH_ROWS);
  }
  yield* normaliseRows(source);
}

/** Header detection and row normalisation over any reader's rows; exported for tests. */
export async function* normaliseRows(source: AsyncIterable<RawBatch>): AsyncGenerator<ParsedBatch> {
  const context: RowContext = { date1904: false, today: isoDate(new Date()) };
  let layout: HeaderLayout | undefined;
  const candidates: RawRow[] = [];
  let dataRows = 0;

  for await (const batch of source) {
    context.date1904 = batch.date1904;
    let rows = batch.rows;
    if (!layout) {
      const found = findHeader(candidates, rows);
      if (!found) continue;
      layout = found.layout;
      rows = found.rest;
    }
    const out: ParsedBatch = { rows: [], errors: [] };
    for (const raw of rows) {
      const result = normaliseRow(raw, layout, context);
      if (!result) continue;
      dataRows += 1;
      if (result.row) out.rows.push(result.row);
      else out.errors.push(...result.errors);
    }
    if (out.rows.length > 0 || out.errors.length > 0) yield out;
  }
  if (!layout) {
    if (candidates.length === 0) throw new UploadError(400, 'The file is empty.');
    throw missingColumns(bestCandidate(candidates));
  }
  if (dataRows === 0) throw new UploadError(422, 'The file has no data rows.');
}

const isBlankRow = (row: RawRow) => row.cells.every((cell) => cellText(cell) === '');

/**
 * The header is the first non-empty row, unless that row lacks required columns and one of the
 * next few does (a title or a note above the table, as HR exports often have): then that row.
 * Returns null while more rows are needed; throws once the search is exhausted.
 */
function findHeader(candidates: RawRow[], rows: RawRow[]): { layout: HeaderLayout; rest: RawRow[] } | null {
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (isBlankRow(row)) continue;
    candidates.push(row);
    const layout = readHeader(row.cells);
    if (layout.missing.length === 0) return { layout, rest: rows.slice(i + 1) };
    if (candidates.length >= HEADER_SEARCH_ROWS) throw missingColumns(bestCandidate(candidates));
  }
  return null;
}

/** The candidate recognising most fields (the first on a tie): the header the file most likely meant. */
function bestCandidate(candidates: RawRow[]): HeaderLayout {
  let best = readHeader(candidates[0]!.cells);
  for (const row of candidates.slice(1)) {
    const layout = readHeader(row.cells);
    if (layout.recognised > best.recognised) best = layout;
  }
  return best;
}

function missingColumns(layout: HeaderLayout): UploadError {
  const found = layout.columns.filter((c) => c.field).map((c) => c.header);
  return new UploadError(422, `Missing required columns: ${layout.missing.join(', ')}.`, {
    missingColumns: layout.missing,
    recognisedColumns: found,
  });
}
