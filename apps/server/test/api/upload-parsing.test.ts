import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MasterRecord, RecordsPage } from '@portal/contract/records';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { csvOf, sampleRows, uploadFile } from '../helpers/uploads.ts';

// Issue #30 items 9–11: what reaches the parser (the size limit), how a CSV's bytes become text
// (its encoding decided on the whole file) and how spreadsheet date cells become dates.

let portal: TestPortal;

/** A small limit, so that an over-limit file is cheap to build: 2 MiB. */
const LIMIT = 2 * 1024 * 1024;

beforeAll(async () => {
  portal = await createTestPortal({ env: { MAX_UPLOAD_MB: '2' } });
});
afterAll(async () => {
  await portal?.close();
});

const records = async (token: string) =>
  (await portal.api.get('/api/v1/records?pageSize=100', { token })).json() as RecordsPage;
/** One record in full (a list leaves out the uploaded row, issue #31). */
const fullRecord = async (token: string, id: string) =>
  (await portal.api.get(`/api/v1/records/${id}`, { token })).json() as MasterRecord;

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/uploads', name));

describe('a file over the size limit', () => {
  /**
   * Three rows, then padding that is part of the CSV (a long quoted-free cell of spaces in a
   * column nobody reads), then three rows past the limit: cut at the limit, the file still parses.
   */
  function overLimit(padTo: number): Buffer {
    const head = csvOf(sampleRows(3));
    const tail = csvOf(sampleRows(3, 3)).split('\r\n').slice(1).join('\r\n');
    const pad = `,,,,,,,,,,,,,${' '.repeat(padTo - head.length - tail.length - 20)}\r\n`;
    return Buffer.from(head + pad + tail);
  }

  it.each([
    ['rows after the limit', LIMIT + 4096],
    ['only the last row past the limit', LIMIT + 100],
    ['one byte over', LIMIT + 1],
  ])('is refused with 413 and writes nothing (%s)', async (_label, size) => {
    const { token } = await createTenantWithAdmin(portal);
    let file = overLimit(size);
    if (file.length > size) file = file.subarray(0, size);
    else if (file.length < size) file = Buffer.concat([file, Buffer.from(' '.repeat(size - file.length))]);
    expect(file.length).toBe(size);
    const res = await uploadFile(portal, token, 'big.csv', file);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toBe('The file is larger than the 2 MB limit.');
    expect((await records(token)).total).toBe(0);
    const uploads = (await portal.api.get('/api/v1/records/uploads', { token })).json();
    expect(uploads.items ?? uploads).toHaveLength(0);
  });

  it('takes a file exactly at the limit', async () => {
    const { token } = await createTenantWithAdmin(portal);
    const file = overLimit(LIMIT);
    expect(file.length).toBeLessThanOrEqual(LIMIT);
    const res = await uploadFile(portal, token, 'at-limit.csv', file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ newRecordsCreated: 6 });
  });
});

describe('a CSV whose first letter outside ASCII comes late', () => {
  /**
   * 2,200 rows of plain ASCII (over 1 MiB with a Remarks column nobody reads), then the accented
   * names.
   */
  function lateAccents(names: string[]): string {
    const rows = [...sampleRows(2200), ...names.map((name, i) => ({ ...sampleRows(1, 2200 + i)[0]!, name }))];
    const [header, ...lines] = csvOf(rows).split('\r\n');
    const remarks = 'x'.repeat(360);
    return [`${header},Remarks`, ...lines.slice(0, -1).map((l) => `${l},${remarks}`), ''].join('\r\n');
  }

  it('reads a Windows-1252 file as Windows-1252 and stores its names exactly', async () => {
    const { token } = await createTenantWithAdmin(portal);
    const text = lateAccents(['Chloé Adébáyò', 'Zoë Ōkè – “Jr”']);
    // Windows-1252: the en dash and curly quotes are 0x96, 0x93 and 0x94; Ō is not in it.
    const cp1252 = Buffer.from(
      text.replace('Ō', 'O').replace('–', '\x96').replace('“', '\x93').replace('”', '\x94'),
      'latin1',
    );
    expect(cp1252.indexOf(0xe9)).toBeGreaterThan(1024 * 1024);
    const res = await uploadFile(portal, token, 'roll.csv', cp1252);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ newRecordsCreated: 2202 });
    const page = (
      await portal.api.get('/api/v1/records?q=Chlo%C3%A9&pageSize=10', { token })
    ).json() as RecordsPage;
    expect(page.items.map((r) => r.fullName)).toEqual(['Chloé Adébáyò']);
    const zoe = (
      await portal.api.get('/api/v1/records?q=Zo%C3%AB&pageSize=10', { token })
    ).json() as RecordsPage;
    expect(zoe.items.map((r) => r.fullName)).toEqual(['Zoë Okè – “Jr”']);
    const zoeFull = await fullRecord(token, zoe.items[0]!.id);
    expect(JSON.parse(zoeFull.originalUploadData)).toMatchObject({ fullName: 'Zoë Okè – “Jr”' });
  });

  it('reads a late UTF-8 accent as UTF-8', async () => {
    const { token } = await createTenantWithAdmin(portal);
    const res = await uploadFile(portal, token, 'roll.csv', lateAccents(['Adébáyọ̀ Ògúnlẹ́yẹ']));
    expect(res.statusCode, res.body).toBe(200);
    const page = (
      await portal.api.get(`/api/v1/records?q=${encodeURIComponent('Adébáyọ̀')}&pageSize=10`, { token })
    ).json() as RecordsPage;
    expect(page.items.map((r) => r.fullName)).toEqual(['Adébáyọ̀ Ògúnlẹ́yẹ']);
  });

  it('refuses a file that mixes UTF-8 and Windows-1252, naming the row, and writes nothing', async () => {
    const { token } = await createTenantWithAdmin(portal);
    const utf8 = Buffer.from(lateAccents(['Adébáyọ̀ Ògúnlẹ́yẹ', 'Chloé Adébáyò', 'Ngozi Ada']));
    // The second accented name re-typed in Windows-1252 (a file pasted together from two exports).
    const at = utf8.indexOf(Buffer.from('Chloé Adébáyò'));
    const mixed = Buffer.concat([
      utf8.subarray(0, at),
      Buffer.from('Chloé Adébáyò', 'latin1'),
      utf8.subarray(at + Buffer.byteLength('Chloé Adébáyò')),
    ]);
    const res = await uploadFile(portal, token, 'roll.csv', mixed);
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json();
    expect(body.details.errors).toEqual([
      expect.objectContaining({ row: 2203, column: 'Full Name', reason: expect.stringMatching(/UTF-8/) }),
    ]);
    expect(res.body).not.toContain('\uFFFD');
    expect((await records(token)).total).toBe(0);
  });

  it('refuses a stored replacement character (U+FFFD) in a UTF-8 file, naming the row', async () => {
    const { token } = await createTenantWithAdmin(portal);
    const rows = [...sampleRows(2), { ...sampleRows(1, 2)[0]!, name: 'Chlo\uFFFD Ad\uFFFDb\uFFFDy\uFFFD' }];
    const res = await uploadFile(portal, token, 'roll.csv', csvOf(rows));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().details.errors).toEqual([expect.objectContaining({ row: 4, column: 'Full Name' })]);
    expect((await records(token)).total).toBe(0);
  });
});

describe('spreadsheet dates before 1 March 1900', () => {
  const expected = {
    'Amaka Obi': ['1900-01-01', '1985-03-15'],
    'Bello Musa': ['1900-01-31', '1985-03-15'],
    'Chidi Eze': ['1900-02-28', '1985-03-15'],
    'Dupe Ade': ['1900-03-01', '1985-03-15'],
    'Efe Oghene': ['1985-03-15', '2010-10-01'],
  };

  it.each([
    'dates-1900.csv',
    'dates-1900-libreoffice.xlsx',
    'dates-1900-gnumeric.xlsx',
    'dates-1900-gnumeric.xls',
  ])('are stored as the program that wrote %s shows them', async (name) => {
    const { token } = await createTenantWithAdmin(portal);
    const res = await uploadFile(portal, token, name, fixture(name));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ newRecordsCreated: 5 });
    const page = await records(token);
    const full = await Promise.all(page.items.map((r) => fullRecord(token, r.id)));
    const got = Object.fromEntries(
      full.map((r) => {
        const original = JSON.parse(r.originalUploadData) as Record<string, string>;
        expect(original.dateOfBirth).toBe(r.dateOfBirth);
        return [r.fullName, [r.dateOfBirth, r.dateOfFirstAppointment]];
      }),
    );
    expect(got).toEqual(expected);
  });

  it.each(['dates-1904-libreoffice.xlsx', 'dates-1904-libreoffice.xls'])(
    'in a 1904-system workbook (%s) are counted from 1904',
    async (name) => {
      const { token } = await createTenantWithAdmin(portal);
      const res = await uploadFile(portal, token, name, fixture(name));
      expect(res.statusCode, res.body).toBe(200);
      const page = await records(token);
      expect(Object.fromEntries(page.items.map((r) => [r.fullName, r.dateOfBirth]))).toEqual({
        'Amaka Obi': '1985-03-15',
        'Bello Musa': '1904-01-02',
      });
    },
  );
});
