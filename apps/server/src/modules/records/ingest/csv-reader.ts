import fs from 'node:fs';
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type { RawBatch, RawRow } from './cells.ts';
import { createDecoder, detectTextEncoding } from './text-encoding.ts';
import { UploadError } from './upload-error.ts';

const CANDIDATE_DELIMITERS = [',', ';', '\t', '|'] as const;
/** A record longer than this is a broken file (typically an unclosed quote swallowing the rest), not data. */
const MAX_RECORD_CHARS = 1_000_000;

/**
 * The delimiter of a header line: the candidate occurring most often outside quotes; comma on a
 * tie or when none occurs. Excel writes ';' where the decimal separator is a comma.
 */
export function detectDelimiter(headerLine: string): string {
  const counts = new Map<string, number>();
  let inQuotes = false;
  for (const ch of headerLine) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (CANDIDATE_DELIMITERS as readonly string[]).includes(ch)) {
      counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
  }
  let best = ',';
  for (const candidate of CANDIDATE_DELIMITERS) {
    if ((counts.get(candidate) ?? 0) > (counts.get(best) ?? 0)) best = candidate;
  }
  return best;
}

/** Index just past the first non-blank line (quote-aware), or -1 when the text does not hold one yet. */
function endOfFirstLine(text: string): number {
  let inQuotes = false;
  let blank = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') inQuotes = !inQuotes;
    if (!inQuotes && ch === '\n') {
      if (!blank) return i + 1;
      continue;
    }
    if (ch.trim() !== '') blank = false;
  }
  return -1;
}

async function* decodedText(filePath: string, head: Buffer): AsyncGenerator<string> {
  const { encoding, bomLength } = await detectTextEncoding(filePath, head);
  const decode = createDecoder(encoding);
  for await (const chunk of fs.createReadStream(filePath, { start: bomLength, highWaterMark: 1 << 20 })) {
    const text = decode(chunk as Buffer);
    if (text) yield text;
  }
  const rest = decode(Buffer.alloc(0), true);
  if (rest) yield rest;
}

/**
 * Streams a CSV (or semicolon-, tab- or pipe-delimited) file as rows of strings, in batches.
 * Row numbers count every record from the top, blank lines included, so they match the row
 * numbers a spreadsheet program shows for the same file; a quoted field spanning lines is one row.
 */
export async function* readCsvRows(
  filePath: string,
  head: Buffer,
  batchSize: number,
): AsyncGenerator<RawBatch> {
  const source = decodedText(filePath, head);
  let prefix = '';
  let lineEnd: number;
  for (;;) {
    lineEnd = endOfFirstLine(prefix);
    if (lineEnd >= 0 || prefix.length > MAX_RECORD_CHARS) break;
    const next = await source.next();
    if (next.done) break;
    prefix += next.value;
  }
  const firstLine = lineEnd >= 0 ? prefix.slice(0, lineEnd) : prefix;
  // Excel honours (and hides) a first line 'sep=;' naming the delimiter.
  const sepHint = /^\s*"?sep=(.)"?\s*$/i.exec(firstLine);
  const delimiter = sepHint ? sepHint[1]! : detectDelimiter(firstLine);
  if (sepHint) prefix = prefix.slice(lineEnd);

  async function* text(): AsyncGenerator<string> {
    if (prefix) yield prefix;
    yield* source;
  }
  const input = Readable.from(text(), { objectMode: false });
  const parser = parse({
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_CHARS,
  });
  input.on('error', (err) => parser.destroy(err));
  input.pipe(parser);

  let rowNumber = 0;
  let rows: RawRow[] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber += 1;
      rows.push({ rowNumber, cells: record });
      if (rows.length >= batchSize) {
        yield { rows, date1904: false };
        rows = [];
      }
    }
  } catch (err) {
    if (err instanceof CsvError) throw csvFailure(err, rowNumber + 1);
    throw err;
  } finally {
    input.destroy();
    parser.destroy();
  }
  if (rows.length > 0) yield { rows, date1904: false };
}

function csvFailure(err: CsvError, rowNumber: number): UploadError {
  const reason =
    err.code === 'CSV_QUOTE_NOT_CLOSED' || err.code === 'CSV_MAX_RECORD_SIZE'
      ? 'a quoted field is not closed'
      : 'the text is not valid CSV';
  return new UploadError(422, `The file could not be read as CSV: ${reason} (from row ${rowNumber}).`, {
    row: rowNumber,
  });
}
