// Test factories for the ingest tests: temp files, master-list generators, hand-built ZIPs.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { parseUpload, type MasterRow, type ParseLimits, type RowError } from './parse-upload.ts';
import { UploadError } from './upload-error.ts';

export const TEST_LIMITS: ParseLimits = {
  maxUncompressedBytes: 512 * 1024 * 1024,
  workerMaxMemoryMb: 512,
  workerTimeoutMs: 120_000,
  maxErrors: 100,
};

export const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../test/fixtures/uploads',
);

let dir: string | undefined;
/** A file in this run's temp directory (removed by removeTempFiles). */
export function tempPath(name: string): string {
  dir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-test-'));
  return path.join(dir, name);
}
export async function writeTemp(name: string, content: string | Buffer): Promise<string> {
  const file = tempPath(name);
  await fsp.writeFile(file, content);
  return file;
}
export async function removeTempFiles(): Promise<void> {
  if (dir) await fsp.rm(dir, { recursive: true, force: true });
  dir = undefined;
}

/** Every row and error of an upload. */
export async function parseAll(
  filePath: string,
  fileName = path.basename(filePath),
  limits: ParseLimits = TEST_LIMITS,
): Promise<{ rows: MasterRow[]; errors: RowError[] }> {
  const rows: MasterRow[] = [];
  const errors: RowError[] = [];
  for await (const batch of parseUpload(filePath, fileName, limits)) {
    rows.push(...batch.rows);
    errors.push(...batch.errors);
  }
  return { rows, errors };
}

/** The UploadError a parse ends with (fails the test when it ends without one). */
export async function uploadErrorOf(
  filePath: string,
  fileName = path.basename(filePath),
  limits: ParseLimits = TEST_LIMITS,
): Promise<UploadError> {
  try {
    await parseAll(filePath, fileName, limits);
  } catch (err) {
    if (err instanceof UploadError) return err;
    throw err;
  }
  throw new Error('expected an UploadError');
}

export const MASTER_HEADERS = [
  'S/N',
  'Full Name',
  'Employee ID',
  'PSN',
  'NIN',
  'SSID',
  'Ministry',
  'Department',
  'Grade Level',
  'Salary Grade ID',
  'Salary Structure',
  'Date of Birth',
  'Email',
  'Phone',
];
const NAMES = ['Adebayo', 'Chinedu', 'Aisha', 'Ngozi', 'Ibrahim', 'Funmilayo', 'Emeka', 'Halima'];
const MINISTRIES = ['Ministry of Health', 'Ministry of Education', 'Ministry of Finance'];

/** Row i of a synthetic master list (valid), as CSV text cells. */
export function masterRow(i: number): string[] {
  return [
    String(i + 1),
    `${NAMES[i % 8]} ${NAMES[(i >> 3) % 8]} ${NAMES[(i >> 6) % 8]}`,
    `EMP${String(i).padStart(7, '0')}`,
    `PSN${String(i).padStart(7, '0')}`,
    String(20_000_000_000 + i),
    `SS${String(i).padStart(8, '0')}`,
    MINISTRIES[i % 3]!,
    i % 2 ? 'Accounts' : 'Planning, Research and Statistics',
    `GL ${String((i % 17) + 1).padStart(2, '0')}`,
    String((i % 17) + 1),
    'CONPSS',
    `${String((i % 28) + 1).padStart(2, '0')}/${String((i % 12) + 1).padStart(2, '0')}/${1960 + (i % 40)}`,
    `staff${i}@example.gov.ng`,
    `080${String(30_000_000 + i).padStart(8, '0')}`,
  ];
}

const csvLine = (cells: string[]) =>
  cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');

export async function writeMasterCsv(name: string, rows: number): Promise<string> {
  const file = tempPath(name);
  const out = fs.createWriteStream(file);
  out.write(`${MASTER_HEADERS.join(',')}\r\n`);
  for (let i = 0; i < rows; i++) {
    if (!out.write(`${csvLine(masterRow(i))}\r\n`))
      await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
  return file;
}

/** An .xlsx written by exceljs's streaming writer: NIN as a number, date of birth as a date cell. */
export async function writeMasterXlsx(
  name: string,
  rows: number,
  options: { sharedStrings?: boolean; emptySheetFirst?: boolean } = {},
): Promise<string> {
  const file = tempPath(name);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: options.sharedStrings ?? false,
    useStyles: true,
  });
  if (options.emptySheetFirst) workbook.addWorksheet('Notes').commit();
  const sheet = workbook.addWorksheet('Staff');
  sheet.addRow(MASTER_HEADERS).commit();
  for (let i = 0; i < rows; i++) {
    const cells: (string | number | Date)[] = masterRow(i);
    const [d, m, y] = (cells[11] as string).split('/').map(Number);
    cells[11] = new Date(Date.UTC(y!, m! - 1, d!));
    cells[4] = Number(cells[4]);
    const row = sheet.addRow(cells);
    row.getCell(12).numFmt = 'dd/mm/yyyy';
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
  return file;
}

export interface ZipPart {
  name: string;
  /** Bytes as stored; with `deflated`, already deflate-compressed. */
  data: Buffer;
  deflated?: boolean;
  /** Size the directory claims once unzipped (default: data's real size when stored). */
  declaredSize?: number;
}

/**
 * A ZIP built by hand, to craft what office programs never write: lying sizes, absurd ratios,
 * Zip64 sizes in the terabytes. CRCs are left zero (nothing under test checks them).
 */
export function buildZip(parts: ZipPart[], options: { zip64?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const declared = part.declaredSize ?? part.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.deflated ? 8 : 0, 8);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(Math.min(declared, 0xffffffff), 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, part.data);
    const extra = options.zip64 ? Buffer.alloc(20) : Buffer.alloc(0);
    if (options.zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(16, 2);
      extra.writeBigUInt64LE(BigInt(declared), 4);
      extra.writeBigUInt64LE(BigInt(part.data.length), 12);
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(45, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.deflated ? 8 : 0, 10);
    central.writeUInt32LE(options.zip64 ? 0xffffffff : part.data.length, 20);
    central.writeUInt32LE(options.zip64 ? 0xffffffff : declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name, extra);
    offset += local.length + name.length + part.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `megabytes` of repeated sheet rows, deflated as a stream (never held uncompressed). */
export async function deflatedRepeats(megabytes: number): Promise<Buffer> {
  const row = Buffer.from('<row><c t="inlineStr"><is><t>x</t></is></c></row>'.repeat(20_000)).subarray(
    0,
    1 << 20,
  );
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  for (let i = 0; i < megabytes; i++) {
    if (!deflate.write(row)) await new Promise<void>((r) => deflate.once('drain', () => r()));
  }
  await new Promise<void>((resolve) => deflate.end(resolve));
  return Buffer.concat(out);
}

export const WORKBOOK_PARTS: ZipPart[] = [
  { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
  { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
];
