// Reads .xlsx (exceljs streaming) or .xls (SheetJS) in a worker thread with memory and time limits
// set by the parent, and hands rows back in batches, waiting for an ack before the next batch so
// that memory stays flat however large the sheet. Plain JavaScript: it runs without a TS loader.
import { parentPort, workerData } from 'node:worker_threads';

const { filePath, kind, batchSize, scratchDir } = workerData;
// Temporary files (ExcelJS's, through the tmp package) go to the directory the parent removes.
process.env.TMPDIR = scratchDir;
let release;
parentPort.on('message', (msg) => {
  if (msg === 'next' && release) {
    const r = release;
    release = undefined;
    r();
  }
});
const waitForAck = () => new Promise((resolve) => (release = resolve));

let batch = [];
async function push(row) {
  batch.push(row);
  if (batch.length >= batchSize) await flush();
}
async function flush() {
  if (batch.length === 0) return;
  parentPort.postMessage({ type: 'rows', rows: batch });
  batch = [];
  await waitForAck();
}

function cellValue(v) {
  if (v == null) return null;
  if (v instanceof Date || typeof v !== 'object') return v;
  if ('result' in v) return cellValue(v.result); // formula
  if ('richText' in v) return v.richText.map((t) => t.text).join('');
  if ('text' in v) return typeof v.text === 'string' ? v.text : cellValue(v.text); // hyperlink
  if ('error' in v) return null;
  return String(v);
}

async function readXlsx() {
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache', // needed to tell date cells from numbers
    worksheets: 'emit',
  });
  for await (const sheet of reader) {
    let seen = false;
    for await (const row of sheet) {
      const values = row.values; // 1-based
      const cells = [];
      for (let i = 1; i < values.length; i++) cells.push(cellValue(values[i]));
      if (cells.some((c) => c !== null && c !== '')) seen = true;
      await push(cells);
    }
    if (seen) return; // the first worksheet with data
  }
}

/**
 * SheetJS gives an .xls date cell as local midnight of its day (unlike ExcelJS, which gives UTC
 * midnight): the day is read from local fields, or a server east of UTC would move it a day back.
 */
function localDay(v) {
  if (!(v instanceof Date) || Number.isNaN(v.getTime())) return v;
  const pad = (n) => String(n).padStart(2, '0');
  return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
}

async function readXls() {
  const XLSX = (await import('xlsx')).default; // the CommonJS build reads files with node:fs itself
  const wb = XLSX.readFile(filePath, { cellDates: true, dense: true });
  for (const name of wb.SheetNames) {
    const rows = XLSX.utils.sheet_to_json(wb.Sheets[name], {
      header: 1,
      raw: true,
      defval: null,
      blankrows: false,
    });
    if (rows.length === 0) continue;
    for (const row of rows) await push(row.map(localDay));
    return;
  }
}

try {
  await (kind === 'xlsx' ? readXlsx() : readXls());
  await flush();
  parentPort.postMessage({ type: 'done' });
} catch (err) {
  parentPort.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
}
