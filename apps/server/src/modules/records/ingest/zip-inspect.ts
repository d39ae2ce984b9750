import fs from 'node:fs';
import fsp from 'node:fs/promises';
import zlib from 'node:zlib';
import { UploadError } from './upload-error.ts';

export interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface ZipLimits {
  /** Total bytes the workbook may expand to. */
  maxUncompressedBytes: number;
  /** Above this declared size, an entry compressed more than maxRatio:1 is taken for a bomb. */
  ratioCheckAboveBytes?: number;
  maxRatio?: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const MAX_COMMENT = 0xffff;
const MAX_ENTRIES = 10_000;
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024;

const notAWorkbook = () => new UploadError(415, 'The file content does not match its .xlsx extension.');
const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

async function readAt(handle: fsp.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** Where the central directory is, from the End of Central Directory record (Zip64 aware). */
async function locateDirectory(handle: fsp.FileHandle, size: number) {
  const tailLength = Math.min(size, 22 + MAX_COMMENT);
  const tailStart = size - tailLength;
  const tail = await readAt(handle, tailStart, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      at = i;
      break;
    }
  }
  if (at < 0) throw notAWorkbook();
  let entries = tail.readUInt16LE(at + 10);
  let directorySize = tail.readUInt32LE(at + 12);
  let directoryOffset = tail.readUInt32LE(at + 16);
  const locatorAt = at - 20;
  if (locatorAt >= 0 && tail.readUInt32LE(locatorAt) === ZIP64_LOCATOR_SIGNATURE) {
    const zip64At = Number(tail.readBigUInt64LE(locatorAt + 8));
    const record = await readAt(handle, zip64At, 56);
    if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) throw notAWorkbook();
    entries = Number(record.readBigUInt64LE(32));
    directorySize = Number(record.readBigUInt64LE(40));
    directoryOffset = Number(record.readBigUInt64LE(48));
  }
  return { entries, directorySize, directoryOffset, directoryEnd: tailStart + at };
}

/** Sizes in the Zip64 extra field replace the 32-bit fields that read 0xFFFFFFFF, in this order. */
function applyZip64(entry: ZipEntry, extra: Buffer): void {
  for (let i = 0; i + 4 <= extra.length;) {
    const id = extra.readUInt16LE(i);
    const length = extra.readUInt16LE(i + 2);
    if (id === 0x0001) {
      let p = i + 4;
      const next = () => {
        const value = p + 8 <= i + 4 + length && p + 8 <= extra.length ? Number(extra.readBigUInt64LE(p)) : 0;
        p += 8;
        return value;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      return;
    }
    i += 4 + length;
  }
}

/** The entries of a ZIP file as its central directory declares them. Throws 415 for a broken or non-ZIP file. */
export async function readZipDirectory(filePath: string): Promise<ZipEntry[]> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const where = await locateDirectory(handle, size);
    if (where.entries > MAX_ENTRIES || where.directorySize > MAX_DIRECTORY_BYTES) {
      throw new UploadError(413, 'The workbook has too many parts to be processed.');
    }
    if (where.directoryOffset + where.directorySize > size) throw notAWorkbook();
    const directory = await readAt(handle, where.directoryOffset, where.directorySize);
    const entries: ZipEntry[] = [];
    let p = 0;
    while (p + 46 <= directory.length && directory.readUInt32LE(p) === CENTRAL_SIGNATURE) {
      const nameLength = directory.readUInt16LE(p + 28);
      const extraLength = directory.readUInt16LE(p + 30);
      const commentLength = directory.readUInt16LE(p + 32);
      const entry: ZipEntry = {
        flags: directory.readUInt16LE(p + 8),
        method: directory.readUInt16LE(p + 10),
        compressedSize: directory.readUInt32LE(p + 20),
        uncompressedSize: directory.readUInt32LE(p + 24),
        localHeaderOffset: directory.readUInt32LE(p + 42),
        name: directory.toString('utf8', p + 46, p + 46 + nameLength),
      };
      applyZip64(entry, directory.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength));
      entries.push(entry);
      p += 46 + nameLength + extraLength + commentLength;
    }
    if (entries.length === 0) throw notAWorkbook();
    return entries;
  } finally {
    await handle.close();
  }
}

/** Inflates one entry only to count its bytes, giving up as soon as it passes `limit`. */
async function inflatedSize(filePath: string, entry: ZipEntry, limit: number): Promise<number> {
  const handle = await fsp.open(filePath, 'r');
  let dataStart: number;
  try {
    const local = await readAt(handle, entry.localHeaderOffset, 30);
    if (local.length < 30 || local.readUInt32LE(0) !== LOCAL_SIGNATURE) throw notAWorkbook();
    dataStart = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  } finally {
    await handle.close();
  }
  if (entry.method === 0) return entry.compressedSize;
  if (entry.compressedSize === 0) return 0;
  const input = fs.createReadStream(filePath, {
    start: dataStart,
    end: dataStart + entry.compressedSize - 1,
  });
  const inflate = zlib.createInflateRaw();
  let total = 0;
  try {
    input.pipe(inflate);
    input.on('error', (err) => inflate.destroy(err));
    for await (const chunk of inflate) {
      total += (chunk as Buffer).length;
      if (total > limit) break;
    }
  } catch {
    throw new UploadError(422, 'The workbook is damaged and could not be read. Open it and save it again.');
  } finally {
    input.destroy();
    inflate.destroy();
  }
  return total;
}

/**
 * Refuses a compression bomb before any XML parser sees the workbook: the declared total must fit
 * `maxUncompressedBytes`, a large entry may not be compressed absurdly well (real sheets stay far
 * under 200:1), and every entry is then inflated (output discarded) to check it does not expand
 * beyond what it declares — a crafted directory can lie about sizes. Only 'stored' and 'deflate',
 * the methods Office programs use, are accepted.
 */
export async function inspectXlsx(filePath: string, limits: ZipLimits): Promise<ZipEntry[]> {
  const ratioAbove = limits.ratioCheckAboveBytes ?? 10 * 1024 * 1024;
  const maxRatio = limits.maxRatio ?? 200;
  const tooLarge = () =>
    new UploadError(
      413,
      `The spreadsheet expands to more than ${mb(limits.maxUncompressedBytes)} when opened, the limit; ` +
        'split it into smaller files or save it as CSV.',
      { maxUncompressedBytes: limits.maxUncompressedBytes },
    );
  const bomb = () =>
    new UploadError(413, 'The spreadsheet is compressed abnormally well and was refused as unsafe.');
  const entries = await readZipDirectory(filePath);
  const names = new Set(entries.map((e) => e.name.toLowerCase()));
  if (!names.has('xl/workbook.xml') || !names.has('[content_types].xml')) throw notAWorkbook();
  let declared = 0;
  for (const entry of entries) {
    if (entry.flags & 0x1)
      throw new UploadError(422, 'The workbook is encrypted; remove its password and upload it again.');
    if (entry.method !== 0 && entry.method !== 8) {
      throw new UploadError(
        422,
        'The workbook uses a compression method that is not supported; save it again from a spreadsheet program.',
      );
    }
    declared += entry.uncompressedSize;
    if (declared > limits.maxUncompressedBytes) throw tooLarge();
    if (
      entry.uncompressedSize > ratioAbove &&
      entry.uncompressedSize > maxRatio * Math.max(1, entry.compressedSize)
    ) {
      throw bomb();
    }
  }
  let actual = 0;
  for (const entry of entries) {
    const size = await inflatedSize(filePath, entry, entry.uncompressedSize);
    if (size > entry.uncompressedSize) throw bomb();
    actual += size;
    if (actual > limits.maxUncompressedBytes) throw tooLarge();
  }
  return entries;
}
