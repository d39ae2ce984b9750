import type { UploadRowError } from '@portal/contract/records';
import type { Cell } from './cell-values.ts';
import { readCsv } from './csv-reader.ts';
import { detectKind } from './file-type.ts';
import { mapListHeaders, type Field, type HeaderMap } from './headers.ts';
import type { ListKind } from './list-kind.ts';
import { masterList } from './master-list.ts';
import type { MasterRow } from './row-normalise.ts';
import { readSpreadsheet, type SheetStart } from './spreadsheet-reader.ts';
import { UploadError } from './upload-error.ts';
import { inspectZip } from './zip-inspect.ts';

export { UploadError };
export type { MasterRow };

export interface ParseLimits {
  maxUncompressedBytes: number;
  workerMaxMemoryMb: number;
  workerTimeoutMs: number;
  /** Rows per batch after the first (BATCH unless said; config.ts: fewer on the embedded database). */
  batchRows?: number;
}

export interface ParsedBatch<R = MasterRow, F extends string = Field> {
  rows: R[];
  errors: UploadRowError[];
  /** The fields the file has a column for (issue #30: a field it lacks is left as it was). */
  columns?: F[];
}

/** Non-blank rows above the headers that are taken for a title, not for missing headers. */
const MAX_TITLE_ROWS = 10;
/**
 * Rows (and row errors) per batch: the first batch is small, so that the database starts early
 * while the worker reads on; the rest are larger, for fewer statements (100,000 rows on
 * PostgreSQL: 4.3 s in batches of 2,000, 3.9 s like this; decision 41).
 */
const FIRST_BATCH = 1_000;
const BATCH = 3_000;

/**
 * A second visible sheet with the headers of a master list: which one is meant, or are both? Taking
 * the first would leave the other's officers out without a word; taking both could bring in a list
 * kept beside the real one (leavers, retirees). The administrator decides.
 */
const secondList = (first: string, second: string, list: string) =>
  new UploadError(
    422,
    `The workbook has a staff list on more than one sheet ("${first}" and "${second}"). Upload a workbook with one staff list: put all the officers on one sheet, or delete the sheets that are not part of the ${list}.`,
  );

/**
 * Reads an uploaded list (CSV streamed, spreadsheets in a worker) of a kind (the master list
 * unless said) and yields normalised rows and row errors in batches. Whole-file problems throw
 * UploadError (400, 413, 415, 422).
 */
export function parseUpload(
  filePath: string,
  fileName: string,
  limits: ParseLimits,
): AsyncGenerator<ParsedBatch<MasterRow, Field>>;
export function parseUpload<F extends string, R>(
  filePath: string,
  fileName: string,
  limits: ParseLimits,
  list: ListKind<F, R, unknown>,
): AsyncGenerator<ParsedBatch<R, F>>;
export function parseUpload(
  filePath: string,
  fileName: string,
  limits: ParseLimits,
  list: ListKind<string, unknown, unknown> = masterList as unknown as ListKind<string, unknown, unknown>,
): AsyncGenerator<ParsedBatch<unknown, string>> {
  return parseList(filePath, fileName, limits, list);
}

async function* parseList<F extends string, R>(
  filePath: string,
  fileName: string,
  limits: ParseLimits,
  list: ListKind<F, R, unknown>,
): AsyncGenerator<ParsedBatch<R, F>> {
  const kind = await detectKind(filePath, fileName);
  if (kind === 'xlsx') await inspectZip(filePath, limits);
  /** The file's rows (and a workbook's sheet starts), as many at a time as the reader has. */
  const source: AsyncGenerator<(Cell[] | SheetStart)[]> =
    kind === 'csv' ? readCsv(filePath) : readSpreadsheet(filePath, kind, limits);
  let map: HeaderMap<F> | undefined;
  let notHeaders: UploadError | undefined;
  /** The sheet being read (spreadsheets), the one whose rows are the master list, and what to do with rows. */
  let sheet: string | undefined;
  let listSheet: string | undefined;
  let mode: 'headers' | 'rows' | 'probe' | 'skip' = 'headers';
  let titleRows = 0;
  let rowNumber = 0;
  let batch: ParsedBatch<R, F> = { rows: [], errors: [] };
  let size = Math.min(FIRST_BATCH, limits.batchRows ?? BATCH);
  try {
    for await (const chunk of source)
      for (const cells of chunk) {
        if (!Array.isArray(cells)) {
          // A workbook's next visible sheet: its rows are numbered from 1, and before the master list
          // is found it may hold it (a first sheet of instructions is passed over); after, its first
          // rows are looked at only to refuse a second list rather than leave it out unsaid.
          sheet = cells.sheet;
          rowNumber = 0;
          titleRows = 0;
          mode = map ? 'probe' : 'headers';
          continue;
        }
        rowNumber += 1;
        if (mode === 'skip') continue;
        if (mode !== 'rows') {
          if (cells.every((c) => c == null || String(c).trim() === '')) continue; // leading blank rows
          let found: HeaderMap<F>;
          try {
            found = mapListHeaders(list, cells);
          } catch (err) {
            // A title row above the headers ("Ministry of Health: Nominal Roll, March 2026"). What
            // the first row lacks is reported when no row below it (nor any later sheet) holds them.
            if (!(err instanceof UploadError)) throw err;
            if (mode === 'headers') notHeaders ??= err;
            titleRows += 1;
            if (titleRows > MAX_TITLE_ROWS) {
              if (sheet === undefined) throw notHeaders!;
              mode = 'skip';
            }
            continue;
          }
          if (mode === 'probe') throw secondList(listSheet!, sheet!, list.name);
          map = found;
          listSheet = sheet;
          mode = 'rows';
          continue;
        }
        const result = list.normalise(cells, rowNumber, map!);
        if (!result) continue;
        if ('row' in result) batch.rows.push(result.row);
        else batch.errors.push(...result.errors);
        if (batch.rows.length + batch.errors.length >= size) {
          yield { ...batch, columns: [...map!.fields.values()] };
          batch = { rows: [], errors: [] };
          size = limits.batchRows ?? BATCH;
        }
      }
  } catch (err) {
    if (err instanceof UploadError) throw err;
    throw new UploadError(
      422,
      `The file could not be read as ${kind.toUpperCase()}: ${(err as Error).message}`,
    );
  }
  if (!map) throw notHeaders ?? new UploadError(400, 'The file is empty.');
  if (batch.rows.length || batch.errors.length) yield { ...batch, columns: [...map.fields.values()] };
}
