// Reads .xlsx (exceljs streaming) or .xls (SheetJS) in a worker thread with memory and time limits
// set by the parent, and hands rows back in batches, waiting for an ack before the next batch so
// that memory stays flat however large the sheet. Plain JavaScript: it runs without a TS loader.
import path from 'node:path';
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { serialToIsoDate } from './excel-dates.mjs';

const { filePath, kind, batchSize } = workerData;
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

/** How the workbook counts its days (excel-dates.mjs), once its workbook part is read. */
let dateSystem = {};

function cellValue(v) {
  if (v == null) return null;
  // ExcelJS turns a date cell's day number into a Date by the naive count (1900-01-01 became
  // 1899-12-31) and knows the 1904 system only when written date1904="1": it is told the 1900
  // system, its Date taken back to the day number, and that read as the workbook counts it.
  if (v instanceof Date) return serialToIsoDate(v.getTime() / DAY_MS + 25569, dateSystem) ?? null;
  if (typeof v !== 'object') return v;
  if ('result' in v) return cellValue(v.result); // formula
  if ('richText' in v) return v.richText.map((t) => t.text).join('');
  if ('text' in v) return typeof v.text === 'string' ? v.text : cellValue(v.text); // hyperlink
  if ('error' in v) return null;
  return String(v);
}
const DAY_MS = 86_400_000;
/** `date1904="1"` or `"true"` (LibreOffice writes the latter) on the workbook's workbookPr. */
const DATE1904 = /<(?:[\w.-]+:)?workbookPr\b[^>]*\bdate1904\s*=\s*["'](?:1|true)["']/;

/**
 * The text of a workbook part as ExcelJS's parsers should get it: decoded across chunk boundaries
 * (ExcelJS decodes each chunk alone, so a character split between two chunks, such as a Yoruba
 * name's dotted vowel, became U+FFFD), and without the namespace prefix of its root's tags
 * (OpenXML SDK writes <x:worksheet><x:sheetData><x:row>, tags ExcelJS does not know).
 */
function partText(stream) {
  async function* text() {
    const decoder = new TextDecoder('utf-8');
    let prefixed; // the root's prefix as a RegExp; null when it has none; undefined until read
    let pending = '';
    for await (const chunk of stream) {
      pending += decoder.decode(chunk, { stream: true });
      if (prefixed === undefined) {
        const root = /<(?![?!])([\w.-]+:)?[\w.-]+[\s/>]/.exec(pending);
        if (!root) continue;
        prefixed = root[1] ? new RegExp(`<(/?)${root[1].replaceAll('.', '\\.')}`, 'g') : null;
      }
      if (prefixed === null) {
        yield pending;
        pending = '';
        continue;
      }
      // A tag cut at the chunk's end waits for the next one.
      const cut = pending.lastIndexOf('<');
      const ready = cut < 0 ? pending : pending.slice(0, cut);
      pending = cut < 0 ? '' : pending.slice(cut);
      if (ready) yield ready.replace(prefixed, '<$1');
    }
    pending += decoder.decode();
    if (pending) yield prefixed ? pending.replace(prefixed, '<$1') : pending;
  }
  return Readable.from(text());
}

/**
 * The workbook's parts found through the zip's central directory and its relations, not in stored
 * order: ExcelJS's own streaming pass (unzipper's Parse) intermittently loses the entries stored
 * last (exceljs issues 2790, 3064), and LibreOffice and Excel store the shared strings after the
 * sheets, which then read as '[object Object]' under 'SheetN'. So the relations, the workbook, the
 * shared strings and the styles are read first, then each sheet in tab order, row by row, by
 * ExcelJS's own parsers (exceljs is pinned: these methods are not its public interface), each part
 * as partText gives it.
 */
async function readXlsx() {
  const { default: ExcelJS } = await import('exceljs');
  const { default: unzipper } = await import('unzipper');
  const directory = await unzipper.Open.file(filePath);
  const part = (name) => directory.files.find((f) => f.path === name);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache', // needed to tell date cells from numbers
    worksheets: 'emit',
  });
  /** The relationships in a .rels part (the last read stays the reader's workbookRels). */
  const relations = async (name) => {
    const rels = part(name);
    if (!rels) return [];
    await reader._parseRels(partText(rels.stream()));
    return reader.workbookRels ?? [];
  };
  const resolve = (dir, target) =>
    target.startsWith('/') ? target.slice(1) : path.posix.normalize(dir ? `${dir}/${target}` : target);
  // The workbook is where the package's relations say (xl/workbook.xml as a rule), its parts where
  // its own relations say.
  const packageRels = await relations('_rels/.rels');
  const office = packageRels.find((r) => r.Type.endsWith('/officeDocument'));
  const workbookPath = resolve('', office?.Target ?? 'xl/workbook.xml');
  const dir = path.posix.dirname(workbookPath);
  const rels = await relations(`${dir}/_rels/${path.posix.basename(workbookPath)}.rels`);
  const related = (type) => {
    const rel = rels.find((r) => r.Type.endsWith(`/${type}`));
    return rel && part(resolve(dir, rel.Target));
  };
  const workbook = part(workbookPath);
  if (!workbook || rels.length === 0) throw new Error('the workbook part or its relations are missing');
  const workbookXml = await workbook.buffer(); // a few kilobytes: the sheets' names and relations
  await reader._parseWorkbook(partText(Readable.from([workbookXml])));
  // LibreOffice's .xlsx counts days before 1900-03-01 its own way; it names itself in the
  // package's extended properties (docProps/app.xml).
  const appRel = packageRels.find((r) => r.Type.endsWith('/extended-properties'));
  const app = appRel && part(resolve('', appRel.Target));
  const application = app
    ? /<(?:[\w.-]+:)?Application>([^<]*)</.exec((await app.buffer()).toString('utf8'))?.[1]
    : '';
  dateSystem = {
    date1904: DATE1904.test(workbookXml.toString('utf8')),
    libreOffice: /^\s*LibreOffice/i.test(application ?? ''),
  };
  if (reader.properties?.model) reader.properties.model.date1904 = false;
  const strings = related('sharedStrings');
  if (strings) for await (const _ of reader._parseSharedStrings(partText(strings.stream())));
  const styles = related('styles');
  if (styles) await reader._parseStyles(partText(styles.stream()));
  for (const [i, sheet] of (reader.model.sheets ?? []).entries()) {
    // Hidden sheets (lookup lists, old copies) are not what the administrator sees: passed over.
    if (sheet.state && sheet.state !== 'visible') continue;
    const target = rels.find((r) => r.Id === sheet.rId)?.Target;
    const file = target && part(resolve(dir, target));
    if (!file) continue;
    await push({ sheet: sheet.name });
    for (const { value: rows } of reader._parseWorksheet(partText(file.stream()), String(i + 1))) {
      let rowNumber = 0;
      for await (const row of rows) {
        // Rows with nothing in them are not in the file: blanks keep the rows after at their numbers.
        for (rowNumber += 1; rowNumber < row.number; rowNumber += 1) await push([]);
        const values = row.values; // 1-based
        const cells = [];
        for (let c = 1; c < values.length; c++) cells.push(cellValue(values[c]));
        await push(cells);
      }
    }
  }
}

/**
 * An .xls date cell is a number with a date format: read as the ISO date of its day number in the
 * workbook's date system (SheetJS's own dates ignore the 1904 system, and were local midnights
 * that a server east of UTC moved a day back).
 */
function datesAsText(XLSX, sheet, system) {
  for (const row of sheet['!data'] ?? (Array.isArray(sheet) ? sheet : [])) {
    for (const cell of row ?? []) {
      if (cell?.t === 'n' && cell.z && XLSX.SSF.is_date(cell.z)) {
        const iso = serialToIsoDate(cell.v, system);
        if (iso !== undefined) Object.assign(cell, { t: 's', v: iso });
      }
    }
  }
}

async function readXls() {
  const XLSX = (await import('xlsx')).default; // the CommonJS build reads files with node:fs itself
  const wb = XLSX.readFile(filePath, { cellNF: true, dense: true });
  const system = { date1904: Boolean(wb.Workbook?.WBProps?.date1904) };
  const sheets = [];
  wb.SheetNames.forEach((name, i) => {
    if (wb.Workbook?.Sheets?.[i]?.Hidden) return; // 1 hidden, 2 very hidden
    sheets.push(name);
  });
  for (const name of sheets) {
    await push({ sheet: name });
    datesAsText(XLSX, wb.Sheets[name], system);
    const ref = wb.Sheets[name]['!ref'];
    // The sheet's range may start below row 1: blanks keep its rows at their numbers.
    for (let r = ref ? XLSX.utils.decode_range(ref).s.r : 0; r > 0; r -= 1) await push([]);
    const rows = XLSX.utils.sheet_to_json(wb.Sheets[name], {
      header: 1,
      raw: true,
      defval: null,
      blankrows: true, // rows keep their numbers in the sheet
    });
    for (const row of rows) await push(row);
  }
}

try {
  await (kind === 'xlsx' ? readXlsx() : readXls());
  await flush();
  parentPort.postMessage({ type: 'done' });
} catch (err) {
  parentPort.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
}
