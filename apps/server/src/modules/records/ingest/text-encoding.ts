import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface TextEncoding {
  encoding: TextEncodingName;
  /** Bytes of byte-order mark to skip. */
  bomLength: number;
}

/** Number of bytes at the end of `buf` that start a UTF-8 sequence not complete in `buf`. */
function incompleteTail(buf: Buffer): number {
  for (let back = 1; back <= Math.min(3, buf.length); back++) {
    const byte = buf[buf.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead byte
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}

/** Whether the whole file is valid UTF-8, read in chunks (a sequence may straddle two chunks). */
async function isUtf8File(filePath: string, start: number): Promise<boolean> {
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of fs.createReadStream(filePath, { start, highWaterMark: 1 << 20 })) {
    const data: Buffer = carry.length > 0 ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    const tail = incompleteTail(data);
    if (!isUtf8(data.subarray(0, data.length - tail))) return false;
    carry = Buffer.from(data.subarray(data.length - tail));
  }
  return carry.length === 0;
}

/**
 * The encoding of a text upload. A byte-order mark decides (Excel's "CSV UTF-8" has one; "Unicode
 * Text" is UTF-16). Without one, a file that is valid UTF-8 throughout is UTF-8; anything else is
 * taken as Windows-1252, what Excel's plain "CSV (Comma delimited)" writes on Western Windows.
 * The whole file is checked before any row is read because a late invalid byte cannot be undone
 * once rows have been handed on.
 */
export async function detectTextEncoding(filePath: string, head: Buffer): Promise<TextEncoding> {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  const utf8 = await isUtf8File(filePath, 0);
  return { encoding: utf8 ? 'utf-8' : 'windows-1252', bomLength: 0 };
}

/** Code points of bytes 0x80–0x9F in Windows-1252 (undefined bytes map to themselves, as browsers do). */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
].map((code) => String.fromCharCode(code));

/**
 * Windows-1252 by hand: Node 20's TextDecoder('windows-1252') decodes as ISO-8859-1, which turns
 * Excel's curly quotes, dashes and '€' (0x80–0x9F) into control characters.
 */
function decodeWindows1252(chunk: Buffer): string {
  return chunk.toString('latin1').replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/** A streaming decoder: feed byte chunks, then call with `end` to flush a split sequence. */
export function createDecoder(encoding: TextEncodingName): (chunk: Buffer, end?: boolean) => string {
  if (encoding === 'windows-1252') return (chunk) => decodeWindows1252(chunk);
  const decoder = new TextDecoder(encoding, { ignoreBOM: true });
  return (chunk, end = false) => decoder.decode(chunk, { stream: !end });
}
