import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { uploadFile } from '../helpers/uploads.ts';
import { tempDir } from '../helpers/temp-dirs.ts';
import { parseUpload, UploadError } from '../../src/modules/records/parse/parse-upload.ts';
import { TEMPLATE_HEADERS } from '@portal/contract/records';
import { entityBomb, rngFor, xlsxEntries, xlsxParts, zipOf, type Rng } from '../helpers/fuzz-files.ts';

/*
 * Generated malformed uploads, from a seed (UPLOAD_FUZZ_SEED, else a fixed one; UPLOAD_FUZZ_ONLY=n
 * replays file n alone, UPLOAD_FUZZ_FILES sets how many). Every file is read by the upload's own
 * parser (parseUpload, what the ingest worker runs; in the PGlite pass, the PostgreSQL pass reads
 * the HTTP run's files alone), and every one (or the first
 * UPLOAD_FUZZ_HTTP_PER_KIND of each kind, for a quicker local run) also goes through POST
 * /records/upload, which must answer the parser's status (about 180 ms a file here: every upload
 * starts a worker thread). Each file must be refused with a 4xx within a time bound, write nothing, and leave the
 * process's memory bounded. None can be valid: the first staff row of every base carries an
 * invalid NIN, so a file read to its end is still refused (422).
 */

const SEED = Number(process.env.UPLOAD_FUZZ_SEED ?? 20261123);
const FILES = Number(process.env.UPLOAD_FUZZ_FILES ?? 1000);
/**
 * How many files of each kind (the first ones of the run) also go through the HTTP route: the first
 * 8 of each kind on PGlite, 5 on PostgreSQL (the suite's second pass, where only 'writes nothing'
 * meets another database); `Infinity` for every file. The parser reads every file either way; the
 * route handles each file of a kind with the same code, and all 1,000 through it took 714 s of CI's
 * PGlite pass (DECISIONS 74); 20 and 12 of each kind took 267 s and 112 s of CI's 76 minutes
 * (about 0.95 s and 0.6 s a file, most of it the parse worker starting), DECISIONS 227.
 */
const HTTP_PER_KIND = Number(
  process.env.UPLOAD_FUZZ_HTTP_PER_KIND ?? (process.env.TEST_DATABASE_URL ? 5 : 8),
);
const ONLY = process.env.UPLOAD_FUZZ_ONLY === undefined ? undefined : Number(process.env.UPLOAD_FUZZ_ONLY);
const PER_FILE_MS = 10_000;
const RSS_GROWTH_MIB = 300;

/** The template's columns with the S/N column HR offices put first. */
const HEADER = ['S/N', ...TEMPLATE_HEADERS];

/** A header and 1–20 staff rows, the first with an invalid NIN. */
function staffRows(rng: Rng, extraColumns = 0): string[][] {
  const n = rng.int(1, 20);
  const extra = (r: number) => Array.from({ length: extraColumns }, (_, c) => `x${r}.${c}`);
  const rows = [[...HEADER, ...Array.from({ length: extraColumns }, (_, c) => `Extra ${c}`)]];
  for (let i = 0; i < n; i++) {
    const k = rng.int(0, 999_999);
    rows.push([
      String(i + 1),
      `Fuzz Person ${k}`,
      `EMP${k}`,
      `PSN${100000 + k}`,
      i === 0 ? `NIN-${k}` : String(30000000000 + k),
      `SS${k}`,
      'Ministry of Health',
      'Nursing Services',
      'GL 08',
      '08',
      'CONHESS',
      '15/03/1985',
      `fuzz${k}@example.gov.ng`,
      '08031234567',
      ...extra(i),
    ]);
  }
  return rows;
}

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
const csvText = (rows: string[][]) => rows.map((r) => r.map(quote).join(',')).join('\r\n') + '\r\n';

/** Inserts `piece` at a random place of `buf` (after the first `from` bytes). */
const splice = (rng: Rng, buf: Buffer, piece: Buffer, from = 0) => {
  const at = rng.int(Math.min(from, buf.length), buf.length);
  return Buffer.concat([buf.subarray(0, at), piece, buf.subarray(at)]);
};

interface Fuzzed {
  kind: string;
  name: string;
  content: Buffer;
}

type Maker = (rng: Rng) => Omit<Fuzzed, 'kind'>;

const CSV_MAKERS: Record<string, Maker> = {
  'csv broken quoting': (rng) => {
    let text = Buffer.from(csvText(staffRows(rng)));
    for (let i = rng.int(1, 4); i > 0; i--) {
      text = splice(rng, text, Buffer.from(rng.pick(['"', '""', '"a"b"', '",', '\n"', '"\r'])));
    }
    return { name: 'broken-quotes.csv', content: text };
  },
  'csv mixed encodings': (rng) => {
    let text = Buffer.from(csvText(staffRows(rng)));
    const pieces = [
      () => Buffer.from(`Ọ̀lá ${rng.int(0, 99)}`, 'utf16le'),
      () => Buffer.from([0xff, 0xfe]),
      () => Buffer.from([0xc3, 0x28]),
      () => Buffer.from([0xe2, 0x82]),
      () => Buffer.from([0x80, 0xbf, 0xfe]),
      () => Buffer.from([0xed, 0xa0, 0x80]), // an encoded surrogate
      () => Buffer.alloc(rng.int(1, 8)), // NULs
      () => Buffer.from('Adébáyọ̀', 'latin1'),
    ];
    for (let i = rng.int(1, 6); i > 0; i--) text = splice(rng, text, rng.pick(pieces)());
    if (rng.next() < 0.2) text = Buffer.concat([Buffer.from([0xff, 0xfe]), text]); // a UTF-16 BOM on UTF-8
    return { name: 'encodings.csv', content: text };
  },
  'csv very wide rows': (rng) => ({
    name: 'wide.csv',
    content: Buffer.from(csvText(staffRows(rng, rng.int(1_000, 5_000)))),
  }),
  'csv long rows': (rng) => {
    const rows = staffRows(rng);
    const row = rows[rng.int(1, rows.length - 1)]!;
    row[rng.int(0, row.length - 1)] = 'Z'.repeat(rng.int(20_000, 400_000));
    return { name: 'long.csv', content: Buffer.from(csvText(rows)) };
  },
  'csv headers missing': (rng) => {
    const rows = staffRows(rng);
    const variant = rng.int(0, 2);
    if (variant === 0)
      rows.shift(); // no header line at all
    else if (variant === 1)
      rows[0] = rows[0]!.map(() => ''); // a blank header line
    else rows[0] = rows[0]!.filter(() => rng.next() < 0.4); // some required headers dropped
    return { name: 'no-header.csv', content: Buffer.from(csvText(rows)) };
  },
  'csv mismatched column counts': (rng) => {
    const rows = staffRows(rng).map((r, i) => {
      if (i <= 1 || rng.next() < 0.5) return r; // the header, and the row with the bad NIN
      return rng.next() < 0.5
        ? r.slice(0, rng.int(0, r.length - 1))
        : [...r, ...Array(rng.int(1, 30)).fill('x')];
    });
    return { name: 'columns.csv', content: Buffer.from(csvText(rows)) };
  },
  'csv truncated': (rng) => {
    const text = Buffer.from(csvText(staffRows(rng)));
    return { name: 'truncated.csv', content: text.subarray(0, rng.int(1, text.length - 1)) };
  },
};

/** A valid workbook of the rows (the base the XLSX makers corrupt). */
const workbook = (rng: Rng, extraColumns = 0) => zipOf(xlsxEntries(xlsxParts(staffRows(rng, extraColumns))));

const XLSX_MAKERS: Record<string, Maker> = {
  'xlsx truncated zip': (rng) => {
    const { zip } = workbook(rng);
    return { name: 'truncated.xlsx', content: zip.subarray(0, rng.int(4, zip.length - 1)) };
  },
  'xlsx entity expansion': (rng) => {
    const inSheet = rng.next() < 0.5;
    const bomb = entityBomb(inSheet ? 'worksheet' : 'sst', rng.int(6, 10), rng.int(8, 12));
    const rows = staffRows(rng);
    rows[1]![1] = 'BOMB-HERE';
    const parts = xlsxParts(rows);
    const entries = xlsxEntries(
      inSheet
        ? {
            ...parts,
            sheet: parts.sheet
              .replace('<worksheet', `${bomb.doctype}<worksheet`)
              .replace('<c r="B2" t="s"><v>', `<c r="B2" t="inlineStr"><is><t>${bomb.ref}</t></is><v>`),
          }
        : {
            ...parts,
            sharedStrings: parts.sharedStrings
              .replace('<sst', `${bomb.doctype}<sst`)
              .replace('BOMB-HERE', bomb.ref),
          },
    );
    return { name: 'laughs.xlsx', content: zipOf(entries).zip };
  },
  'xlsx huge declared sizes': (rng) => {
    const { zip, entries } = workbook(rng);
    const out = Buffer.from(zip);
    for (const e of entries) {
      if (rng.next() < 0.5 && e.name !== 'xl/worksheets/sheet1.xml') continue;
      // The uncompressed size in the central directory (and sometimes the compressed one).
      out.writeUInt32LE(
        rng.pick([0xfffffff0, 0x7fffffff, 3_000_000_000, rng.int(1 << 24, 0xfffffffe)]),
        e.centralOffset + 24,
      );
      if (rng.next() < 0.3) out.writeUInt32LE(rng.int(1 << 20, 0xfffffffe), e.centralOffset + 20);
    }
    return { name: 'huge.xlsx', content: out };
  },
  'xlsx corrupted bytes': (rng) => {
    const out = Buffer.from(workbook(rng).zip);
    for (let i = rng.int(1, 40); i > 0; i--) out[rng.int(4, out.length - 1)] = rng.int(0, 255);
    return { name: 'flipped.xlsx', content: out };
  },
  'xlsx broken xml': (rng) => {
    const parts = xlsxParts(staffRows(rng));
    const cut = (s: string) =>
      s.slice(0, rng.int(40, s.length - 2)) + rng.pick(['', '<c r="', '<<>>', '&bogus;', '\u0000']);
    const which = rng.next() < 0.5 ? 'sheet' : 'sharedStrings';
    return {
      name: 'broken-xml.xlsx',
      content: zipOf(xlsxEntries({ ...parts, [which]: cut(parts[which]) })).zip,
    };
  },
  'xlsx very wide rows': (rng) => ({ name: 'wide.xlsx', content: workbook(rng, rng.int(1_000, 2_500)).zip }),
  'xlsx headers missing': (rng) => {
    const rows = staffRows(rng);
    rows.shift();
    return { name: 'no-header.xlsx', content: zipOf(xlsxEntries(xlsxParts(rows))).zip };
  },
  'random bytes': (rng) => {
    const ext = rng.pick(['.csv', '.xlsx', '.xls']);
    const prefix = rng.pick([
      Buffer.alloc(0),
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.from([0xff, 0xfe]),
    ]);
    return { name: `random${ext}`, content: Buffer.concat([prefix, rng.bytes(rng.int(1, 16_384))]) };
  },
};

/**
 * How often each kind comes in a run. A workbook that gets past the zip checks is read in its own
 * worker thread (0.3–1.5 s each on a busy 2-core machine), so those kinds come one sixth as often
 * as the CSV kinds and the zips refused before any worker (some 15 files each in 1,000; a larger
 * UPLOAD_FUZZ_FILES or another seed reaches more).
 */
const WEIGHTS: Record<string, number> = {
  'xlsx entity expansion': 1,
  'xlsx corrupted bytes': 1,
  'xlsx broken xml': 1,
  'xlsx very wide rows': 1,
  'xlsx headers missing': 1,
};
const MAKERS = { ...CSV_MAKERS, ...XLSX_MAKERS };
const KINDS = Object.keys(MAKERS);
/** The kinds in turn, each as often as its weight (6 unless said), interleaved. */
const SCHEDULE = [1, 2, 3, 4, 5, 6].flatMap((round) => KINDS.filter((k) => (WEIGHTS[k] ?? 6) >= round));

/** File number `index` of the run of `SEED`. */
function fuzzed(index: number): Fuzzed {
  const kind = SCHEDULE[index % SCHEDULE.length]!;
  return { kind, ...MAKERS[kind]!(rngFor(SEED, index)) };
}

/**
 * The files the HTTP run sends: the first HTTP_PER_KIND of each kind (or file ONLY alone). On
 * PostgreSQL the parser reads only these (for the HTTP run's comparison): the same seed's 1,000
 * went through the same parser in the PGlite pass, and the parser meets no database.
 */
function httpIndexes(): number[] {
  if (ONLY !== undefined) return [ONLY];
  const perKind: Record<string, number> = {};
  return Array.from({ length: FILES }, (_, i) => i).filter((i) => {
    const kind = SCHEDULE[i % SCHEDULE.length]!;
    perKind[kind] = (perKind[kind] ?? 0) + 1;
    return perKind[kind] <= HTTP_PER_KIND;
  });
}
const PARSER_INDEXES =
  ONLY !== undefined
    ? [ONLY]
    : process.env.TEST_DATABASE_URL
      ? httpIndexes()
      : Array.from({ length: FILES }, (_, i) => i);

/** What the upload route would answer for a file, as its parser ends (ingest-worker-main.ts). */
async function parsed(
  filePath: string,
  fileName: string,
): Promise<{ status: number | string; message: string }> {
  try {
    let errors = 0;
    let rows = 0;
    for await (const batch of parseUpload(filePath, fileName, PARSE_LIMITS)) {
      errors += batch.errors.length;
      rows += batch.rows.length;
    }
    if (errors > 0) return { status: 422, message: `${errors} row errors` };
    // upload.service.ts refuses a file without rows (422) after its parse.
    return rows === 0
      ? { status: 422, message: 'no data rows' }
      : { status: 'imported', message: `${rows} rows` };
  } catch (err) {
    // Any other exception reaches the user as a 422 with its raw message: counted as a failure.
    return err instanceof UploadError
      ? { status: err.statusCode, message: err.message }
      : { status: 'unexpected error', message: String(err) };
  }
}

/** The portal's defaults (config.ts), but the parse time bound of this test. */
const PARSE_LIMITS = {
  maxUncompressedBytes: 2048 * 1024 * 1024,
  workerMaxMemoryMb: 1024,
  workerTimeoutMs: PER_FILE_MS,
};

const mib = (n: number) => Math.round(n / 1024 / 1024);
/** The parser's answer for each file, which the HTTP run must give too. */
const parserStatus = new Map<number, number | string>();
let rssBaseline = 0;
let rssPeak = 0;

let portal: TestPortal;
let tenant: Awaited<ReturnType<typeof createTenantWithAdmin>>;

beforeAll(async () => {
  portal = await createTestPortal();
  tenant = await createTenantWithAdmin(portal);
  // The baseline once the portal has read a spreadsheet (the worker's code is loaded).
  await uploadFile(portal, tenant.token, 'warm.xlsx', zipOf(xlsxEntries(xlsxParts([['Name']]))).zip);
  rssBaseline = rssPeak = process.memoryUsage().rss;
});
afterAll(async () => {
  await portal?.close();
});

const countsOf = async (tenantId: string) =>
  (
    await portal.db.orm.execute<{ records: number; uploads: number }>(sql`
      select (select count(*)::int from records where tenant_id = ${tenantId}) as records,
             (select count(*)::int from uploads where tenant_id = ${tenantId}) as uploads`)
  ).rows[0]!;

describe(`upload fuzzing (seed ${SEED})`, () => {
  it('the bases the fuzzer corrupts are read: a valid CSV and a valid XLSX of the same shape are imported', async () => {
    const other = await createTenantWithAdmin(portal);
    const rng = rngFor(SEED, -1);
    const rows = staffRows(rng);
    rows[1]![4] = '30000000000'; // the deliberate bad NIN made good
    const csv = await uploadFile(portal, other.token, 'base.csv', csvText(rows));
    expect(csv.statusCode, csv.body).toBe(200);
    for (const [i, r] of rows.entries()) {
      if (i === 0) continue;
      r[3] = `PSN9${i}`;
      r[4] = String(31000000000 + i);
    }
    const xlsx = await uploadFile(portal, other.token, 'base.xlsx', zipOf(xlsxEntries(xlsxParts(rows))).zip);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.json()).toMatchObject({ newRecordsCreated: rows.length - 1 });
  });

  it(`reads ${PARSER_INDEXES.length} generated files with the upload's parser: each refused with a 4xx within ${PER_FILE_MS / 1000} s`, async () => {
    const indexes = PARSER_INDEXES;
    console.log(
      `upload fuzz: seed ${SEED} (replay: UPLOAD_FUZZ_SEED=${SEED} UPLOAD_FUZZ_ONLY=<file>), ${indexes.length} files`,
    );
    const dir = tempDir('upload-fuzz-');
    const byKind: Record<string, Record<string, number>> = {};
    const kindMs: Record<string, number> = {};
    const failures: string[] = [];
    let slowest = { ms: 0, what: '' };
    const started = Date.now();
    let next = 0;
    // Three at a time: most of a spreadsheet's time is its worker thread starting.
    const lane = async () => {
      for (let index = indexes[next++]; index !== undefined; index = indexes[next++]) {
        const file = fuzzed(index);
        const what = `seed ${SEED} file ${index} (${file.kind}, ${file.name}, ${file.content.length} bytes)`;
        const filePath = path.join(dir, `${index}${path.extname(file.name)}`);
        fs.writeFileSync(filePath, file.content);
        const t = Date.now();
        const outcome = await parsed(filePath, file.name);
        const ms = Date.now() - t;
        fs.rmSync(filePath);
        parserStatus.set(index, outcome.status);
        if (process.env.UPLOAD_FUZZ_TRACE)
          console.log(`${what} → ${outcome.status} ${outcome.message.slice(0, 200)}`);
        const tally = (byKind[file.kind] ??= {});
        tally[outcome.status] = (tally[outcome.status] ?? 0) + 1;
        kindMs[file.kind] = (kindMs[file.kind] ?? 0) + ms;
        if (ms > slowest.ms) slowest = { ms, what };
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
        if (typeof outcome.status !== 'number' || outcome.status < 400 || outcome.status >= 500)
          failures.push(`${what} → ${outcome.status}: ${outcome.message}`);
        if (ms >= PER_FILE_MS) failures.push(`${what} took ${ms} ms`);
      }
    };
    await Promise.all([lane(), lane(), lane()]);
    console.log(
      `upload fuzz (parser): ${indexes.length} files in ${Date.now() - started} ms; slowest ${slowest.ms} ms (${slowest.what})`,
    );
    for (const [kind, tally] of Object.entries(byKind))
      console.log(`  ${kind}: ${JSON.stringify(tally)} (${kindMs[kind]} ms)`);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 240_000);

  it(`answers every one through POST /records/upload with the parser's 4xx, writes nothing, and keeps memory bounded`, async () => {
    const indexes = httpIndexes();
    const before = await countsOf(tenant.tenant.id);
    const byKind: Record<string, Record<string, number>> = {};
    const kindMs: Record<string, number> = {};
    const failures: string[] = [];
    let slowest = { ms: 0, what: '' };
    const started = Date.now();
    for (const index of indexes) {
      const file = fuzzed(index);
      const what = `seed ${SEED} file ${index} (${file.kind}, ${file.name}, ${file.content.length} bytes)`;
      const t = Date.now();
      const res = await uploadFile(portal, tenant.token, file.name, file.content);
      const ms = Date.now() - t;
      const tally = (byKind[file.kind] ??= {});
      tally[res.statusCode] = (tally[res.statusCode] ?? 0) + 1;
      kindMs[file.kind] = (kindMs[file.kind] ?? 0) + ms;
      if (ms > slowest.ms) slowest = { ms, what };
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      const answer = `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`;
      if (res.statusCode < 400 || res.statusCode >= 500) failures.push(answer);
      else if (parserStatus.has(index) && parserStatus.get(index) !== res.statusCode)
        failures.push(`${answer} (the parser said ${parserStatus.get(index)})`);
      if (ms >= PER_FILE_MS) failures.push(`${what} took ${ms} ms`);
    }
    const rssAfter = process.memoryUsage().rss;
    console.log(
      `upload fuzz (HTTP): ${indexes.length} files in ${Date.now() - started} ms; slowest ${slowest.ms} ms (${slowest.what}); ` +
        `RSS ${mib(rssBaseline)} → ${mib(rssAfter)} MiB over both runs (peak ${mib(rssPeak)} MiB)`,
    );
    for (const [kind, tally] of Object.entries(byKind))
      console.log(`  ${kind}: ${JSON.stringify(tally)} (${kindMs[kind]} ms)`);
    expect(failures, failures.join('\n')).toEqual([]);
    expect(await countsOf(tenant.tenant.id), `seed ${SEED}: records or uploads changed`).toEqual(before);
    expect(
      mib(rssAfter - rssBaseline),
      `seed ${SEED}: RSS grew by ${RSS_GROWTH_MIB} MiB or more`,
    ).toBeLessThan(RSS_GROWTH_MIB);
    // While the run went on, three spreadsheet workers at a time (each with its own heap limit).
    expect(mib(rssPeak - rssBaseline), `seed ${SEED}: RSS peaked too high`).toBeLessThan(2 * RSS_GROWTH_MIB);
    // Each file has its own 10 s limit above; the whole pass is mostly each upload's parse worker
    // loading its code (0.5–0.9 s on a busy 2-core machine: 770 s for 1,000 files on 2026-11-28),
    // so the pass as a whole gets room to spare rather than fail a run on the machine's load.
  }, 1_800_000);
});
