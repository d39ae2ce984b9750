import fs from 'node:fs/promises';
import { UploadError } from './upload-error.ts';

export interface ZipLimits {
  maxUncompressedBytes: number;
}

/** Ratio above which a large entry is taken for a decompression bomb (real sheets compress ~5–30×). */
const MAX_RATIO = 200;
const RATIO_MIN_BYTES = 10 * 1024 * 1024;

/**
 * Reads the zip's central directory (with Zip64) and refuses a spreadsheet whose declared
 * uncompressed size exceeds the limit or whose compression ratio is absurd, before any of it is
 * inflated. The worker's memory and time limits cover a zip that lies about its sizes.
 */
export async function inspectZip(filePath: string, limits: ZipLimits): Promise<void> {
  const handle = await fs.open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const tailSize = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailSize);
    await handle.read(tail, 0, tailSize, size - tailSize);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0) throw new UploadError(415, 'The file is not a valid .xlsx workbook.');
    let entries = tail.readUInt16LE(eocd + 10);
    let cdSize = tail.readUInt32LE(eocd + 12);
    let cdOffset = tail.readUInt32LE(eocd + 16);
    if (entries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
      const locator = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x07]), eocd);
      if (locator < 0) throw new UploadError(415, 'The file is not a valid .xlsx workbook.');
      const z64 = Buffer.alloc(56);
      await handle.read(z64, 0, 56, Number(tail.readBigUInt64LE(locator + 8)));
      entries = Number(z64.readBigUInt64LE(32));
      cdSize = Number(z64.readBigUInt64LE(40));
      cdOffset = Number(z64.readBigUInt64LE(48));
    }
    if (cdOffset + cdSize > size) throw new UploadError(415, 'The file is not a valid .xlsx workbook.');
    const cd = Buffer.alloc(cdSize);
    await handle.read(cd, 0, cdSize, cdOffset);
    let total = 0;
    for (let p = 0, i = 0; i < entries && p + 46 <= cd.length; i++) {
      if (cd.readUInt32LE(p) !== 0x02014b50)
        throw new UploadError(415, 'The file is not a valid .xlsx workbook.');
      let compressed = cd.readUInt32LE(p + 20);
      let uncompressed = cd.readUInt32LE(p + 24);
      const nameLen = cd.readUInt16LE(p + 28);
      const extraLen = cd.readUInt16LE(p + 30);
      const commentLen = cd.readUInt16LE(p + 32);
      if (uncompressed === 0xffffffff || compressed === 0xffffffff) {
        // Zip64 extended information: the 64-bit sizes, uncompressed first.
        const extra = cd.subarray(p + 46 + nameLen, p + 46 + nameLen + extraLen);
        for (let e = 0; e + 4 <= extra.length;) {
          const id = extra.readUInt16LE(e);
          const len = extra.readUInt16LE(e + 2);
          if (id === 0x0001) {
            let q = e + 4;
            if (uncompressed === 0xffffffff) {
              uncompressed = Number(extra.readBigUInt64LE(q));
              q += 8;
            }
            if (compressed === 0xffffffff) compressed = Number(extra.readBigUInt64LE(q));
          }
          e += 4 + len;
        }
      }
      total += uncompressed;
      if (uncompressed > RATIO_MIN_BYTES && uncompressed / Math.max(1, compressed) > MAX_RATIO) {
        throw new UploadError(
          413,
          'The spreadsheet expands to far more than its size (a compression bomb); it was refused.',
        );
      }
      p += 46 + nameLen + extraLen + commentLen;
    }
    if (total > limits.maxUncompressedBytes) {
      throw new UploadError(
        413,
        `The spreadsheet expands to ${Math.round(total / 1024 / 1024)} MB, over the ${Math.round(limits.maxUncompressedBytes / 1024 / 1024)} MB limit.`,
      );
    }
  } finally {
    await handle.close();
  }
}
