import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUpload } from './parse-upload.ts';
import { startSpreadsheetWorker } from './spreadsheet-reader.ts';
import type { WorkerMessage } from './spreadsheet-worker.ts';
import {
  FIXTURES,
  parseAll,
  removeTempFiles,
  tempPath,
  TEST_LIMITS,
  uploadErrorOf,
  writeMasterXlsx,
} from './test-files.ts';

afterAll(removeTempFiles);

const fixture = (name: string) => path.join(FIXTURES, name);
const MB = 1024 * 1024;

describe('spreadsheets saved by LibreOffice from master-small.csv', () => {
  it.each(['master-small.xlsx', 'master-small.xls'])(
    '%s parses to the same rows as the CSV',
    async (name) => {
      const csv = await parseAll(fixture('master-small.csv'));
      const sheet = await parseAll(fixture(name));
      expect(csv.errors).toEqual([]);
      expect(sheet.errors).toEqual([]);
      expect(csv.rows).toHaveLength(6);
      const withoutOriginal = (rows: typeof csv.rows) => rows.map(({ original: _o, ...r }) => r);
      expect(withoutOriginal(sheet.rows)).toEqual(withoutOriginal(csv.rows));
      // The NIN column was numeric there: 01234567890 was stored as 1234567890 and is padded back.
      expect(sheet.rows[0]?.nin).toBe('01234567890');
      expect(sheet.rows[5]?.nin).toBe('00045678901');
      // Date of birth was a real date cell.
      expect(sheet.rows[0]?.original.dateOfBirth).toBe('1985-03-15');
      expect(sheet.rows[1]?.original.Remarks).toBe('Transferred\nfrom Works');
    },
  );
});

describe('workbooks', () => {
  it('uses the first non-empty worksheet and keeps spreadsheet row numbers', async () => {
    const file = await writeMasterXlsx('two-sheets.xlsx', 3, { emptySheetFirst: true, sharedStrings: true });
    const { rows, errors } = await parseAll(file);
    expect(errors).toEqual([]);
    expect(rows.map((r) => r.rowNumber)).toEqual([2, 3, 4]);
    expect(rows[0]).toMatchObject({
      nin: '20000000000',
      dateOfBirth: '1960-01-01',
      fullName: 'Adebayo Adebayo Adebayo',
    });
  });

  it('skips hidden sheets and reads formulas, rich text, hyperlinks and numeric cells as a person sees them', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Lists', { state: 'hidden' }).addRow(['Ministry of Health']);
    const sheet = workbook.addWorksheet('Staff');
    sheet.addRow(['Full Name', 'NIN', 'PSN', 'Ministry', 'Department', 'DOB', 'Email', 'Phone']);
    sheet.addRow([
      { richText: [{ text: 'Adebayo ' }, { text: 'OKAFOR', font: { bold: true } }] },
      1234567890,
      { formula: '"PSN"&"77"', result: 'PSN77' },
      'Ministry of Health',
      { formula: 'UPPER("accounts")', result: 'ACCOUNTS' },
      31121,
      { text: 'a.okafor@example.gov.ng', hyperlink: 'mailto:a.okafor@example.gov.ng' },
      8031234567,
    ]);
    const file = tempPath('features.xlsx');
    await workbook.xlsx.writeFile(file);
    const { rows, errors } = await parseAll(file);
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({
      fullName: 'Adebayo OKAFOR',
      nin: '01234567890',
      psn: 'PSN77',
      department: 'ACCOUNTS',
      dateOfBirth: '1985-03-15',
      email: 'a.okafor@example.gov.ng',
      phone: '8031234567',
    });
  });

  it('does not count time spent waiting for a slow consumer against the time limit', async () => {
    const file = await writeMasterXlsx('paced.xlsx', 6000);
    const limits = { ...TEST_LIMITS, workerTimeoutMs: 10_000 };
    const started = performance.now();
    let rows = 0;
    for await (const batch of parseUpload(file, 'paced.xlsx', limits)) {
      rows += batch.rows.length;
      await new Promise((r) => setTimeout(r, 4000));
    }
    expect(rows).toBe(6000);
    expect(performance.now() - started).toBeGreaterThan(limits.workerTimeoutMs);
  }, 60_000);

  it('answers 413 when reading takes longer than the time limit', async () => {
    const file = await writeMasterXlsx('slow.xlsx', 20_000);
    const error = await uploadErrorOf(file, 'slow.xlsx', { ...TEST_LIMITS, workerTimeoutMs: 50 });
    expect(error.statusCode).toBe(413);
    expect(error.message).toMatch(/took longer than/);
  });

  it('answers 413 when the worker runs out of memory', async () => {
    const file = await writeMasterXlsx('heavy.xlsx', 20_000, { sharedStrings: true });
    const error = await uploadErrorOf(file, 'heavy.xlsx', { ...TEST_LIMITS, workerMaxMemoryMb: 16 });
    expect(error.statusCode).toBe(413);
    expect(error.message).toMatch(/needs more than 16 MB of memory/);
  }, 60_000);

  it('answers 422 for a damaged workbook', async () => {
    const bytes = await fsp.readFile(fixture('master-small.xls'));
    const damaged = path.join(os.tmpdir(), `damaged-${process.pid}.xls`);
    await fsp.writeFile(damaged, Buffer.concat([bytes.subarray(0, 600), Buffer.alloc(2000, 0x41)]));
    try {
      expect((await uploadErrorOf(damaged)).statusCode).toBe(422);
    } finally {
      await fsp.rm(damaged, { force: true });
    }
  });
});

describe('worker backpressure', () => {
  let big: string;
  beforeAll(async () => {
    big = await writeMasterXlsx('big.xlsx', 200_000);
  }, 120_000);

  it('sends the next batch only after an acknowledgement', async () => {
    const tmpDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'ingest-worker-'));
    const worker = startSpreadsheetWorker({ filePath: big, kind: 'xlsx', batchSize: 1000 }, 256, tmpDir);
    const received: WorkerMessage[] = [];
    let wake: (() => void) | undefined;
    worker.on('message', (m: WorkerMessage) => {
      received.push(m);
      wake?.();
    });
    const nextMessage = () => new Promise<void>((resolve) => (wake = resolve));
    try {
      await nextMessage();
      await new Promise((r) => setTimeout(r, 750));
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ type: 'rows' });
      worker.postMessage({ type: 'ack' });
      await nextMessage();
      await new Promise((r) => setTimeout(r, 300));
      expect(received).toHaveLength(2);
    } finally {
      await worker.terminate();
      await fsp.rm(tmpDir, { recursive: true, force: true });
    }
  });

  it('streams a 200,000-row workbook in incremental batches with flat memory', async () => {
    const started = performance.now();
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    let rows = 0;
    let batches = 0;
    let firstBatchMs = 0;
    let lastBatchMs = 0;
    for await (const batch of parseUpload(big, 'big.xlsx', TEST_LIMITS)) {
      lastBatchMs = performance.now() - started;
      if (batches === 0) firstBatchMs = lastBatchMs;
      batches += 1;
      rows += batch.rows.length;
      expect(batch.errors).toEqual([]);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `xlsx: ${rows} rows in ${seconds.toFixed(1)} s (${Math.round(rows / seconds)} rows/s), ${batches} batches, ` +
        `first after ${Math.round(firstBatchMs)} ms, main-thread RSS growth ${Math.round((peakRss - rssBefore) / MB)} MB`,
    );
    expect(rows).toBe(200_000);
    expect(batches).toBeGreaterThanOrEqual(100);
    // exceljs first spools the sheet to a temp file (its shared strings come after the sheet in the
    // ZIP), then parses it: the batches must arrive spread over that parse, not all at the end.
    expect(lastBatchMs - firstBatchMs).toBeGreaterThan((seconds * 1000) / 4);
    // All 200,000 rows held at once would be several hundred MB.
    expect(peakRss - rssBefore).toBeLessThan(400 * MB);
  }, 120_000);
});
