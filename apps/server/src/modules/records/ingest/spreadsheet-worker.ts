// Worker thread: reads one spreadsheet and posts its rows to the parent in batches, waiting for an
// acknowledgement after each so a million-row file never piles up in either thread. Runs apart
// because SheetJS has open advisories and a crafted workbook can be heavy: this thread has its own
// heap limit and deadline, and dies alone (spreadsheet-reader.ts).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type * as SheetJs from 'xlsx';
import type { Cell, RawRow } from './cells.ts';
import { excelSerialToDate } from './dates.ts';

export interface WorkerInput {
  filePath: string;
  kind: 'xlsx' | 'xls';
  batchSize: number;
}

export type WorkerMessage =
  | { type: 'rows'; rows: RawRow[]; date1904: boolean }
  | { type: 'done'; worksheets: number }
  | { type: 'fail'; message: string };

/**
 * SheetJS ships CommonJS with ES-style typings; loading it through require keeps both happy. Each
 * library is loaded only for its format: either takes a few hundred milliseconds to load.
 */
const loadSheetJs = () => createRequire(import.meta.url)('xlsx') as typeof SheetJs;

const port = parentPort!;
const { filePath, kind, batchSize } = workerData as WorkerInput;

let acknowledged: (() => void) | undefined;
port.on('message', (message: { type: string }) => {
  if (message.type === 'ack') acknowledged?.();
});

let batch: RawRow[] = [];
let date1904 = false;

async function flush(): Promise<void> {
  if (batch.length === 0) return;
  const ack = new Promise<void>((resolve) => (acknowledged = resolve));
  port.postMessage({ type: 'rows', rows: batch, date1904 } satisfies WorkerMessage);
  batch = [];
  await ack;
}

async function push(rowNumber: number, cells: Cell[]): Promise<void> {
  while (cells.length > 0 && (cells[cells.length - 1] === null || cells[cells.length - 1] === ''))
    cells.pop();
  if (cells.length === 0) return;
  batch.push({ rowNumber, cells });
  if (batch.length >= batchSize) await flush();
}

const isBlank = (cell: Cell) => cell === null || (typeof cell === 'string' && cell.trim() === '');

/** exceljs cell values: rich text, formulas (their cached result), hyperlinks and errors become plain cells. */
function fromExcelJs(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const v = value as {
      richText?: { text?: string }[];
      result?: unknown;
      formula?: string;
      sharedFormula?: string;
      text?: unknown;
      error?: string;
    };
    if (Array.isArray(v.richText)) return v.richText.map((run) => run.text ?? '').join('');
    if ('formula' in v || 'sharedFormula' in v || 'result' in v) return fromExcelJs(v.result);
    if ('text' in v) return fromExcelJs(v.text);
    if ('error' in v) return null; // '#N/A' and the like are no data
  }
  return null;
}

type ExcelJsProps = { properties?: { model?: { date1904?: boolean } } };

async function readXlsx(): Promise<number> {
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    sharedStrings: 'cache',
    styles: 'cache', // needed to tell date cells from numbers
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let worksheets = 0;
  for await (const worksheet of reader) {
    worksheets += 1;
    date1904 = Boolean((reader as unknown as ExcelJsProps).properties?.model?.date1904);
    if ((worksheet as unknown as { state?: string }).state?.toLowerCase().includes('hidden')) continue;
    let found = false;
    for await (const row of worksheet) {
      const values = row.values as unknown[];
      const cells: Cell[] = [];
      for (let i = 1; i < values.length; i++) cells.push(fromExcelJs(values[i]));
      if (cells.every(isBlank)) continue;
      found = true;
      await push(row.number, cells);
    }
    // The first worksheet with data is the master list; later ones (notes, lookups) are ignored.
    if (found) break;
  }
  return worksheets;
}

interface SheetJsCell {
  t: string;
  v?: unknown;
  z?: string;
}
type DateFormatTest = { is_date(format: string): boolean };

function fromSheetJs(cell: SheetJsCell | undefined, SSF: DateFormatTest): Cell {
  if (!cell) return null;
  switch (cell.t) {
    case 's':
      return typeof cell.v === 'string' ? cell.v : null;
    case 'b':
      return Boolean(cell.v);
    case 'n': {
      const n = cell.v as number;
      // Converted here in UTC: SheetJS's own cellDates builds local-midnight dates, off by a day east of UTC.
      if (cell.z && SSF.is_date(cell.z)) return excelSerialToDate(n, date1904) ?? n;
      return n;
    }
    case 'd':
      return cell.v instanceof Date ? cell.v : null;
    default:
      return null; // 'e' (error) and 'z' (stub)
  }
}

async function readXls(): Promise<number> {
  const XLSX = loadSheetJs();
  const SSF = XLSX.SSF as DateFormatTest;
  const workbook = XLSX.read(fs.readFileSync(filePath), { type: 'buffer', cellDates: false, cellNF: true });
  date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const names = workbook.SheetNames;
  for (let s = 0; s < names.length; s++) {
    if (workbook.Workbook?.Sheets?.[s]?.Hidden) continue;
    const sheet = workbook.Sheets[names[s]!];
    if (!sheet?.['!ref']) continue;
    const range = XLSX.utils.decode_range(sheet['!ref']);
    let found = false;
    for (let r = range.s.r; r <= range.e.r; r++) {
      const cells: Cell[] = [];
      for (let c = 0; c <= range.e.c; c++) {
        cells.push(fromSheetJs(sheet[XLSX.utils.encode_cell({ r, c })] as SheetJsCell | undefined, SSF));
      }
      if (cells.every(isBlank)) continue;
      found = true;
      await push(r + 1, cells);
    }
    if (found) break;
  }
  return names.length;
}

try {
  const worksheets = kind === 'xlsx' ? await readXlsx() : await readXls();
  await flush();
  port.postMessage({ type: 'done', worksheets } satisfies WorkerMessage);
} catch (err) {
  port.postMessage({
    type: 'fail',
    message: err instanceof Error ? err.message : String(err),
  } satisfies WorkerMessage);
}
