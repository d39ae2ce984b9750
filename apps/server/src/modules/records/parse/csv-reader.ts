import { isAscii, isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import type { Cell } from './cell-values.ts';
import { utf16Of } from './file-type.ts';

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** A UTF-16 file says so with a byte order mark (Excel's "Unicode Text"); any other is read as UTF-8 or Windows-1252 (below). */
async function detectEncoding(filePath: string): Promise<Encoding> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const buf = Buffer.alloc(2);
    const { bytesRead } = await handle.read(buf, 0, 2, 0);
    return utf16Of(buf.subarray(0, bytesRead)) ?? 'utf-8';
  } finally {
    await handle.close();
  }
}

/** Comma, semicolon (European Excel) or tab: whichever the header line holds most of, outside quotes. */
async function detectDelimiter(filePath: string, encoding: Encoding): Promise<string> {
  const handle = await fs.promises.open(filePath, 'r');
  const buf = Buffer.alloc(64 * 1024);
  const { bytesRead } = await handle.read(buf, 0, buf.length, 0).finally(() => handle.close());
  // The delimiters are ASCII: the header line's other letters need not be read right here.
  const text = new TextDecoder(encoding).decode(buf.subarray(0, bytesRead));
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (counts[','] + counts[';'] + counts['\t'] > 0) break;
    } else if (!quoted && ch in counts) counts[ch as keyof typeof counts] += 1;
  }
  return Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![1] > 0
    ? Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![0]
    : ',';
}

/** Windows-1252's 0x80–0x9F (Node 20's TextDecoder treats 'windows-1252' as Latin-1 there). */
const CP1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';
const latin1 = new TextDecoder('latin1');
const cp1252 = (bytes: Uint8Array) =>
  latin1.decode(bytes).replace(/[\u0080-\u009F]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);

/** Where a UTF-8 character cut at the end of `bytes` begins (bytes.length when none is cut). */
function completeUpTo(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let i = n - 1; i >= Math.max(0, n - 4); i--) {
    const b = bytes[i]!;
    if (b < 0x80) return n;
    if (b >= 0xc0) return n - i < (b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2) ? i : n;
  }
  return n;
}

/**
 * The text of a file without a UTF-16 byte order mark, its encoding decided on the whole file
 * (DECISIONS 144). Excel's "CSV UTF-8" is UTF-8; its "CSV (Comma delimited)" is Windows-1252, which
 * says nothing about itself. The bytes are read as UTF-8 while they are valid UTF-8. At the first
 * byte that is not: if every byte before it was ASCII, the file is Windows-1252 from its start
 * (the two read ASCII alike, so the text already handed on stands, and no row is read twice);
 * else the file mixes the two (a valid UTF-8 letter came before): the bytes that do not read become
 * U+FFFD, which normaliseRow refuses by row and column, so nothing of the file is stored.
 */
function utf8OrCp1252(): Transform {
  let mode: 'ascii' | 'utf-8' | 'windows-1252' | 'mixed' = 'ascii';
  const lossy = new TextDecoder('utf-8');
  /** The start of a character cut at the end of the last chunk. */
  let carry: Buffer | undefined;
  function decode(chunk: Buffer, end: boolean): Buffer | string {
    if (mode === 'windows-1252') return cp1252(chunk);
    if (mode === 'mixed') return lossy.decode(chunk, { stream: !end });
    let bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
    carry = undefined;
    const cut = end ? bytes.length : completeUpTo(bytes);
    const rest = bytes.subarray(cut);
    bytes = bytes.subarray(0, cut);
    // Valid UTF-8 goes on as the bytes it is: the parser reads bytes, so text made of them here was
    // encoded again by the stream and decoded once more by the parser (a profile of 1,000,000 rows:
    // 5% of the upload's time). Both checks are native and make nothing. A byte order mark goes on
    // too, and the parser's `bom` option drops it.
    if (isUtf8(bytes)) {
      if (mode === 'ascii' && !isAscii(bytes)) mode = 'utf-8';
      if (rest.length) carry = Buffer.from(rest);
      return bytes;
    }
    const whole = rest.length ? Buffer.concat([bytes, rest]) : bytes;
    // The first byte that does not read is the first U+FFFD (a U+FFFD written in the file is not
    // ASCII): ASCII before it means no UTF-8 letter came before either.
    const read = lossy.decode(bytes);
    if (mode === 'ascii' && !/[\u0080-\uFFFF]/.test(read.slice(0, read.indexOf('\uFFFD')))) {
      mode = 'windows-1252';
      return cp1252(whole);
    }
    mode = 'mixed';
    return lossy.decode(whole, { stream: !end });
  }
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      cb(null, decode(chunk, false));
    },
    flush(cb) {
      cb(null, decode(Buffer.alloc(0), true));
    },
  });
}

function utf16(encoding: 'utf-16le' | 'utf-16be'): Transform {
  const dec = new TextDecoder(encoding);
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      cb(null, dec.decode(chunk, { stream: true }));
    },
    flush(cb) {
      cb(null, dec.decode());
    },
  });
}

/**
 * Streams the rows of a CSV file (memory does not grow with the file), as many at a time as the
 * parser has ready: a row at a time cost three promises per row (the stream's async iterator and
 * two generators), a fifth of the parser's time.
 */
export async function* readCsv(filePath: string): AsyncGenerator<Cell[][]> {
  const encoding = await detectEncoding(filePath);
  const delimiter = await detectDelimiter(filePath, encoding);
  const parser = parse({
    delimiter,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    relax_quotes: true,
  });
  // A failure anywhere (the disk, the decoding) ends the rows with its error.
  pipeline(
    fs.createReadStream(filePath, { highWaterMark: READ_CHUNK }),
    encoding === 'utf-8' ? utf8OrCp1252() : utf16(encoding),
    parser,
  ).catch(() => undefined);
  yield* readyRows<Cell[]>(parser);
}

/** Bytes read from the file at a time: each chunk's rows are parsed in one go. */
const READ_CHUNK = 256 * 1024;

/**
 * An object stream's items in arrays of what it holds each time it is read; ends with the stream
 * or throws its error. While the caller holds an array, the stream fills up to its mark and waits.
 */
async function* readyRows<T>(stream: Readable): AsyncGenerator<T[]> {
  let ended = false;
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  const woken = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  stream.on('readable', woken);
  stream.once('end', () => {
    ended = true;
    woken();
  });
  stream.once('error', (error) => {
    failure = { error };
    woken();
  });
  try {
    for (;;) {
      if (failure) throw failure.error;
      const rows: T[] = [];
      for (let row = stream.read() as T | null; row !== null; row = stream.read() as T | null) rows.push(row);
      if (rows.length) yield rows;
      else if (ended) return;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    stream.destroy();
  }
}
