import fs from 'node:fs/promises';
import path from 'node:path';
import { UploadError } from './upload-error.ts';

export type UploadKind = 'csv' | 'xlsx' | 'xls';

const KIND_BY_EXTENSION: Record<string, UploadKind> = { '.csv': 'csv', '.xlsx': 'xlsx', '.xls': 'xls' };
/** Enough to tell text from binary; also the bytes the CSV reader looks at first. */
export const SNIFF_BYTES = 64 * 1024;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** Formats people upload by mistake, with what to call them in the message. */
const BINARY_SIGNATURES: { bytes: number[]; name: string; binaryOnly?: boolean }[] = [
  { bytes: ZIP, name: 'a ZIP archive or .xlsx workbook' },
  { bytes: EMPTY_ZIP, name: 'a ZIP archive' },
  { bytes: OLE2, name: 'an .xls workbook or other Office document' },
  { bytes: [0x25, 0x50, 0x44, 0x46], name: 'a PDF document' },
  // 'MZ' alone could begin a text header; a Windows program also has NUL bytes right after it.
  { bytes: [0x4d, 0x5a], name: 'a program', binaryOnly: true },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], name: 'a program' },
  { bytes: [0x1f, 0x8b], name: 'a compressed archive' },
  { bytes: [0x52, 0x61, 0x72, 0x21], name: 'a compressed archive' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf], name: 'a compressed archive' },
  { bytes: [0x89, 0x50, 0x4e, 0x47], name: 'an image' },
  { bytes: [0xff, 0xd8, 0xff], name: 'an image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], name: 'an image' },
];

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((b, i) => head[i] === b);
const signatureOf = (head: Buffer) =>
  BINARY_SIGNATURES.find((s) => startsWith(head, s.bytes) && (!s.binaryOnly || head.includes(0)));

function mismatch(extension: string, looksLike?: string): UploadError {
  const hint = looksLike ? ` (it looks like ${looksLike})` : '';
  return new UploadError(415, `The file content does not match its ${extension} extension${hint}.`);
}

export interface SniffedUpload {
  kind: UploadKind;
  /** The first bytes of the file (up to 64 KiB). */
  head: Buffer;
  size: number;
}

/**
 * Decides how to read an upload from its name and checks its first bytes agree: .xlsx is a ZIP,
 * .xls an OLE2 compound file, .csv text (no NUL byte in the first 64 KiB unless UTF-16 with a
 * byte-order mark, and no known binary signature). Throws 415 for another type or a mismatch,
 * 400 for an empty file.
 */
export async function sniffUpload(filePath: string, fileName: string): Promise<SniffedUpload> {
  const extension = path.extname(fileName).toLowerCase();
  const kind = KIND_BY_EXTENSION[extension];
  if (!kind) {
    const named = extension ? `"${extension}" files are` : 'Files without an extension are';
    throw new UploadError(415, `${named} not supported: upload a .csv, .xlsx or .xls file.`);
  }
  let handle: fs.FileHandle | undefined;
  let head: Buffer;
  let size: number;
  try {
    handle = await fs.open(filePath, 'r');
    size = (await handle.stat()).size;
    const buffer = Buffer.alloc(Math.min(SNIFF_BYTES, size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } catch {
    throw new UploadError(422, 'The file could not be read.');
  } finally {
    await handle?.close();
  }
  if (size === 0) throw new UploadError(400, 'The file is empty.');

  if (kind === 'xlsx') {
    if (startsWith(head, ZIP)) return { kind, head, size };
    if (startsWith(head, OLE2))
      throw mismatch(extension, 'a password-protected workbook or an .xls workbook');
    throw mismatch(extension, describe(head));
  }
  if (kind === 'xls') {
    if (startsWith(head, OLE2)) return { kind, head, size };
    if (startsWith(head, ZIP)) throw mismatch(extension, 'an .xlsx workbook');
    throw mismatch(extension, describe(head));
  }
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (utf16) return { kind, head, size };
  const signature = signatureOf(head);
  if (signature) throw mismatch(extension, signature.name);
  if (head.includes(0)) throw mismatch(extension, 'a binary file');
  return { kind, head, size };
}

function describe(head: Buffer): string | undefined {
  const signature = signatureOf(head);
  if (signature) return signature.name;
  return head.includes(0) ? 'a binary file' : 'a text file such as CSV';
}
