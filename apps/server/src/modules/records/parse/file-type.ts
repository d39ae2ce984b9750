import fs from 'node:fs/promises';
import path from 'node:path';
import { UploadError } from './upload-error.ts';

export type UploadKind = 'csv' | 'xlsx' | 'xls';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (buf: Buffer, sig: number[]) => sig.every((b, i) => buf[i] === b);
/** Excel's "Unicode Text" and other UTF-16 exports start with a byte order mark (and hold NULs). */
export const UTF16_BOMS = { 'utf-16le': [0xff, 0xfe], 'utf-16be': [0xfe, 0xff] } as const;
export const utf16Of = (buf: Buffer) =>
  (Object.keys(UTF16_BOMS) as (keyof typeof UTF16_BOMS)[]).find((e) => startsWith(buf, [...UTF16_BOMS[e]]));
const BINARY_SIGNATURES = [
  ZIP,
  OLE2,
  [0x4d, 0x5a] /* MZ */,
  [0x25, 0x50, 0x44, 0x46] /* %PDF */,
  [0x7f, 0x45, 0x4c, 0x46] /* ELF */,
];

/**
 * What a file that is not what its extension says seems to be, as a hint for the message: legacy
 * payroll systems "export to Excel" web pages and XML named .xls, which Excel opens with a warning.
 */
function whatItIs(bytes: Buffer): string {
  const saveAs = ' Open it in Excel or LibreOffice, save it as .xlsx or .csv, and upload that.';
  if (startsWith(bytes, ZIP)) return ' It is an .xlsx workbook (or another zip file): upload it named .xlsx.';
  if (startsWith(bytes, OLE2)) return ' It is an Excel 97-2003 workbook: upload it named .xls.';
  const head = bytes.subarray(0, 4096).toString('latin1').toLowerCase();
  if (head.includes('urn:schemas-microsoft-com:office:spreadsheet'))
    return ` It is an Excel 2003 XML spreadsheet.${saveAs}`;
  if (/<(html|table|!doctype html)[\s>]/.test(head)) return ` It is a web page (HTML).${saveAs}`;
  if (!bytes.includes(0) && /^[^\r\n]*[,;\t][^\r\n]*\r?\n/.test(head))
    return ' It is a text (CSV) file: upload it named .csv.';
  return '';
}

/**
 * The extension says what the file should be; its first bytes must agree (a renamed program or a
 * spreadsheet saved as .csv is refused with 415 rather than parsed as garbage).
 */
export async function detectKind(filePath: string, fileName: string): Promise<UploadKind> {
  const ext = path.extname(fileName).toLowerCase();
  const handle = await fs.open(filePath, 'r');
  const head = Buffer.alloc(64 * 1024);
  const { bytesRead } = await handle.read(head, 0, head.length, 0).finally(() => handle.close());
  const bytes = head.subarray(0, bytesRead);
  if (bytesRead === 0) throw new UploadError(400, 'The file is empty.');
  const mismatch = () =>
    new UploadError(415, `The file content does not match its ${ext} extension.${whatItIs(bytes)}`);
  switch (ext) {
    case '.xlsx':
      if (!startsWith(bytes, ZIP)) throw mismatch();
      return 'xlsx';
    case '.xls':
      if (!startsWith(bytes, OLE2)) throw mismatch();
      return 'xls';
    case '.csv':
      if (utf16Of(bytes)) return 'csv';
      if (BINARY_SIGNATURES.some((sig) => startsWith(bytes, sig)) || bytes.includes(0)) throw mismatch();
      return 'csv';
    default:
      throw new UploadError(
        415,
        `Unsupported file type "${ext || 'none'}": upload a .csv, .xlsx or .xls file.`,
      );
  }
}
