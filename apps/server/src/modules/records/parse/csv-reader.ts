import fs from 'node:fs';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import type { Cell } from './cell-values.ts';
import { utf16Of } from './file-type.ts';

type Encoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

/**
 * Excel's "CSV (Comma delimited)" is Windows-1252 without a BOM; "CSV UTF-8" has one; its "Unicode
 * Text" is UTF-16 with one. A file without a UTF-16 BOM whose first megabyte is not valid UTF-8 is
 * read as Windows-1252.
 */
async function detectEncoding(filePath: string): Promise<Encoding> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const buf = Buffer.alloc(1024 * 1024);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    const utf16 = utf16Of(buf.subarray(0, bytesRead));
    if (utf16) return utf16;
    let sample = buf.subarray(0, bytesRead);
    // Do not judge a multi-byte character cut at the end of the sample.
    if (bytesRead === buf.length) sample = sample.subarray(0, Math.max(0, bytesRead - 4));
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(sample);
      return 'utf-8';
    } catch {
      return 'windows-1252';
    }
  } finally {
    await handle.close();
  }
}

/** Comma, semicolon (European Excel) or tab: whichever the header line holds most of, outside quotes. */
async function detectDelimiter(filePath: string, encoding: Encoding): Promise<string> {
  const handle = await fs.promises.open(filePath, 'r');
  const buf = Buffer.alloc(64 * 1024);
  const { bytesRead } = await handle.read(buf, 0, buf.length, 0).finally(() => handle.close());
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
const fixCp1252 = (text: string) =>
  text.replace(/[\u0080-\u009F]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);

function decoder(encoding: Encoding): Transform {
  const cp1252 = encoding === 'windows-1252';
  const dec = new TextDecoder(cp1252 ? 'latin1' : encoding);
  const fix = cp1252 ? fixCp1252 : (t: string) => t;
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      cb(null, fix(dec.decode(chunk, { stream: true })));
    },
    flush(cb) {
      cb(null, fix(dec.decode()));
    },
  });
}

/** Streams the rows of a CSV file (memory does not grow with the file). */
export async function* readCsv(filePath: string): AsyncGenerator<Cell[]> {
  const encoding = await detectEncoding(filePath);
  const delimiter = await detectDelimiter(filePath, encoding);
  const parser = fs
    .createReadStream(filePath)
    .pipe(decoder(encoding))
    .pipe(
      parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, relax_quotes: true }),
    );
  for await (const record of parser as AsyncIterable<string[]>) yield record;
}
