import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { parseUpload, UploadError, type MasterRow, type ParseLimits } from './parse-upload.ts';
import { parseDate } from './cell-values.ts';
import { mapHeaders } from './headers.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../../test/fixtures/uploads');
const examples = path.resolve(import.meta.dirname, '../../../../../../examples');
const limits: ParseLimits = {
  maxUncompressedBytes: 512 * 1024 * 1024,
  workerMaxMemoryMb: 512,
  workerTimeoutMs: 60_000,
};
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parse-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function parse(file: string, name = path.basename(file), l = limits) {
  const rows: MasterRow[] = [];
  const errors: { row: number; column: string; reason: string }[] = [];
  for await (const batch of parseUpload(file, name, l)) {
    rows.push(...batch.rows);
    errors.push(...batch.errors);
  }
  return { rows, errors };
}
const write = (name: string, content: string | Buffer) => {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, content);
  return file;
};
const failure = async (file: string, name?: string) => {
  try {
    await parse(file, name);
  } catch (err) {
    if (err instanceof UploadError) return err;
    throw err;
  }
  throw new Error('expected an UploadError');
};

describe('dates', () => {
  it.each([
    ['1985-03-15', '1985-03-15'],
    ['15/03/1985', '1985-03-15'],
    ['5/3/1985', '1985-03-05'],
    ['15-03-1985', '1985-03-15'],
    ['15.03.1985', '1985-03-15'],
    ['15-Mar-1985', '1985-03-15'],
    ['15 March 1985', '1985-03-15'],
    ['15-MAR-85', '1985-03-15'],
    ['15/03/85', '1985-03-15'],
    ['01/07/05', '2005-07-01'],
    ['1985/03/15', '1985-03-15'],
    ['March 15, 1985', '1985-03-15'],
    ['Sept. 5 1985', '1985-09-05'],
    [31121, '1985-03-15'],
    [new Date(Date.UTC(1985, 2, 15)), '1985-03-15'],
  ])('%s → %s', (input, iso) => expect(parseDate(input)).toBe(iso));
  it.each(['31/02/1985', '13/13/1985', '3/15/1985', 'yesterday', '1985', 'Smarch 15, 1985'])(
    '%s is not a date',
    (input) => expect(parseDate(input)).toBeUndefined(),
  );
});

describe('headers', () => {
  it('recognises spellings case-, space- and underscore-insensitively', () => {
    const map = mapHeaders([
      'FULL_NAME',
      'work id',
      'Public Service Number',
      'N.I.N',
      'MDA',
      'Department',
      'G/L',
      'D.O.B',
      'E-mail',
      'GSM',
      'Remarks',
    ]);
    expect([...map.fields.values()]).toEqual([
      'fullName',
      'employeeId',
      'psn',
      'nin',
      'ministry',
      'department',
      'gradeLevel',
      'dateOfBirth',
      'email',
      'phone',
    ]);
  });
  it('reads a header by its bracketed part, or without it, and a few more spellings', () => {
    const map = mapHeaders([
      'Name of Officer',
      'Staff ID No.',
      'Public Service Number (PSN)',
      'NIN (National Identification Number)',
      'Ministries',
      'Departments',
      'Salary Grade Level',
      'Date of Birth (DOB)',
      'Mobile Phone',
      'Remarks (optional)',
    ]);
    expect([...map.fields.entries()]).toEqual([
      [0, 'fullName'],
      [1, 'employeeId'],
      [2, 'psn'],
      [3, 'nin'],
      [4, 'ministry'],
      [5, 'department'],
      [6, 'gradeLevel'],
      [7, 'dateOfBirth'],
      [8, 'phone'],
    ]);
    expect(map.labelOf.psn).toBe('Public Service Number (PSN)');
    const more = mapHeaders(['P.F. No.', 'Staff Name', 'NIMC No.', 'MDA', 'Dept', 'Telephone No.']);
    expect([...more.fields.values()]).toEqual([
      'employeeId',
      'fullName',
      'nin',
      'ministry',
      'department',
      'phone',
    ]);
  });
  it('names the missing required columns', () => {
    expect(() => mapHeaders(['Full Name', 'Grade Level'])).toThrow(
      /Missing required columns: Ministry, Department, PSN or NIN/,
    );
  });
});

describe('CSV', () => {
  it('skips title rows above the headers, keeping the file row numbers', async () => {
    const file = write(
      'titled.csv',
      [
        'MINISTRY OF HEALTH,,,',
        'Nominal Roll: March 2026,,,',
        ',,,',
        'Full Name,NIN,Ministry,Department',
        'Ada Obi,30000000001,Ministry of Health,Audit',
        'Musa Bello,3000000002,Ministry of Health,Audit',
      ].join('\n'),
    );
    const { rows, errors } = await parse(file);
    expect(rows.map((r) => [r.rowNumber, r.fullName])).toEqual([[5, 'Ada Obi']]);
    expect(errors).toEqual([{ row: 6, column: 'NIN', reason: expect.stringMatching(/11 digits/) }]);
  });

  it('reports the missing columns of the first row when no row below holds the headers', async () => {
    const rows = ['Full Name,Grade Level', ...Array.from({ length: 20 }, (_, i) => `Person ${i},GL 07`)];
    const err = await failure(write('no-headers.csv', rows.join('\n')));
    expect(err.statusCode).toBe(422);
    expect(err.message).toMatch(/Missing required columns: Ministry, Department, PSN or NIN/);
  });

  it('hands rows over in batches of 1,000 first, then 3,000, in file order', async () => {
    const lines = ['Full Name,NIN,Ministry,Department'];
    for (let i = 0; i < 7_500; i++) lines.push(`Person ${i},${30_000_000_000 + i},Ministry of Health,Audit`);
    const file = write('batches.csv', lines.join('\n'));
    const sizes: number[] = [];
    let next = 2; // the first data row is row 2
    for await (const batch of parseUpload(file, 'batches.csv', limits)) {
      sizes.push(batch.rows.length);
      for (const row of batch.rows) expect(row.rowNumber).toBe(next++);
    }
    expect(sizes).toEqual([1_000, 3_000, 3_000, 500]);
  });

  it('reads a LibreOffice-era staff list with split names, aliases and day-first dates', async () => {
    const { rows, errors } = await parse(path.join(fixtures, 'staff-list.csv'));
    expect(errors).toEqual([]);
    expect(rows.map((r) => r.fullName)).toEqual(['Adébáyọ̀ Ògúnlẹ́yẹ', 'Chinedu Emeka Okafor', 'Aisha Bello']);
    expect(rows[0]).toMatchObject({
      employeeId: 'LS/001',
      psn: 'PSN300001',
      naturalKey: 'PSN300001',
      dateOfBirth: '1985-03-15',
      ministry: 'Ministry of Health',
    });
    expect(rows[2]).toMatchObject({
      psn: null,
      naturalKey: '30000000003',
      keyColumn: 'NIN',
      ministry: 'Ministry of Works, Housing',
      dateOfBirth: '1990-07-22',
    });
    expect(rows[0]!.original).toMatchObject({ 'S/N': '1' });
  });

  it('reads Windows-1252 (Excel "CSV (Comma delimited)") and semicolon-separated files', async () => {
    const text =
      'Name;NIN;Ministry;Department\r\nJosé Müller;12345678901;Ministry of Health;Accounts \x96 Payroll\r\n';
    const { rows } = await parse(write('cp1252.csv', Buffer.from(text, 'latin1')));
    // 0x96 is an en dash in Windows-1252 (a C1 control in Latin-1).
    expect(rows[0]).toMatchObject({
      fullName: 'José Müller',
      nin: '12345678901',
      department: 'Accounts \u2013 Payroll',
    });
  });

  it('reads UTF-8 with a byte order mark (Excel "CSV UTF-8"), a letter cut between two reads kept whole', async () => {
    // The reader hands valid UTF-8 on as bytes: a dotted vowel split by the 256 KB read must come
    // out whole (the cut bytes carried to the next read), and the mark must not reach the header.
    const name = 'Ọlá Adébáyọ̀';
    const line = (i: number, pad = '') => `${name},${String(10_000_000_000 + i)},Health,Accounts${pad}\r\n`;
    const head = '\uFEFFFull Name,NIN,Ministry,Department\r\n';
    const fileOf = (pad: string) => {
      const lines = [line(0, pad)];
      for (let i = 1; i < 7_000; i++) lines.push(line(i));
      return Buffer.from(head + lines.join(''), 'utf8');
    };
    // Pad the first row until the read's boundary (256 KB) falls inside a letter of several bytes.
    let pad = '';
    while ((fileOf(pad)[256 * 1024]! & 0xc0) !== 0x80) pad += ' ';
    const bytes = fileOf(pad);
    const { rows, errors } = await parse(write('utf8-bom.csv', bytes));
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(7_000);
    expect(rows.every((r) => r.fullName === name && r.ministry === 'Health')).toBe(true);
    expect(rows[6_999]!.nin).toBe('10000006999');
  });

  it('reads UTF-16 with a byte order mark (Excel "Unicode Text", tab-separated), either byte order', async () => {
    const text =
      '\uFEFFFull Name\tNIN\tMinistry\tDepartment\r\nỌlá Adébáyọ̀\t12345678901\tHealth\tAccounts\r\n';
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.from(le).swap16();
    for (const [name, bytes] of [
      ['unicode-le.csv', le],
      ['unicode-be.csv', be],
    ] as const) {
      const { rows, errors } = await parse(write(name, bytes));
      expect(errors).toEqual([]);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ fullName: 'Ọlá Adébáyọ̀', nin: '12345678901', ministry: 'Health' });
    }
  });

  it('says what a file with the wrong extension is: a web page or 2003 XML named .xls, a workbook named .csv', async () => {
    const message = async (name: string, content: string | Buffer) =>
      (await failure(write(name, content))).message;
    expect(
      await message('export.xls', '<html><body><table><tr><td>Name</td></tr></table></body></html>'),
    ).toBe(
      'The file content does not match its .xls extension. It is a web page (HTML). Open it in Excel or LibreOffice, save it as .xlsx or .csv, and upload that.',
    );
    expect(
      await message(
        'export.xls',
        '<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet">',
      ),
    ).toContain('It is an Excel 2003 XML spreadsheet.');
    const xlsx = fs.readFileSync(path.join(fixtures, 'staff-list.xlsx'));
    expect(await message('staff.csv', xlsx)).toContain(
      'It is an .xlsx workbook (or another zip file): upload it named .xlsx.',
    );
    expect(await message('staff.xls', xlsx)).toContain('upload it named .xlsx.');
    const xls = fs.readFileSync(path.join(fixtures, 'staff-list.xls'));
    expect(await message('staff.xlsx', xls)).toContain(
      'It is an Excel 97-2003 workbook: upload it named .xls.',
    );
  });

  it('reports bad rows with spreadsheet row numbers and no personal data', async () => {
    const text =
      'Full Name,NIN,Ministry,Department,DOB,Email\nA Okafor,123,Health,Accounts,01/01/1980,a@x.ng\nB Bello,12345678901,Health,,32/01/1980,not-an-email\n';
    const { rows, errors } = await parse(write('bad.csv', text));
    expect(rows).toEqual([]);
    expect(errors).toEqual([
      { row: 2, column: 'NIN', reason: 'NIN must be 11 digits' },
      { row: 3, column: 'Department', reason: 'Department is required' },
      { row: 3, column: 'DOB', reason: 'Date of birth is not a valid date (use YYYY-MM-DD or DD/MM/YYYY)' },
      { row: 3, column: 'Email', reason: 'Email is not a valid address' },
    ]);
  });

  it('refuses values longer than the record edit form allows, naming the column, not the value', async () => {
    const long = (n: number) => 'x'.repeat(n);
    const text = [
      'Name,NIN,Ministry,Department,GL',
      `${long(300)},12345678901,${long(300)},Accounts,${long(50)}`,
      `${long(301)},12345678902,Health,${long(301)},${long(51)}`,
    ].join('\n');
    const { rows, errors } = await parse(write('long.csv', text));
    expect(rows).toHaveLength(1);
    expect(errors).toEqual([
      { row: 3, column: 'Name', reason: 'Full name is longer than 300 characters' },
      { row: 3, column: 'Department', reason: 'Department is longer than 300 characters' },
      { row: 3, column: 'GL', reason: 'Grade level is longer than 50 characters' },
    ]);
  });

  it('refuses an empty file (400), a renamed program (415) and an unknown extension (415)', async () => {
    expect((await failure(write('empty.csv', ''))).statusCode).toBe(400);
    expect((await failure(write('blank.csv', '\n\n'))).statusCode).toBe(400);
    expect(
      (await failure(write('setup.csv', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512)])))).statusCode,
    ).toBe(415);
    expect((await failure(write('list.pdf', '%PDF-1.4'))).statusCode).toBe(415);
    expect((await failure(write('really-csv.xlsx', 'Full Name,NIN\n'))).statusCode).toBe(415);
  });
});

describe('spreadsheets (worker thread)', () => {
  it.each(['xlsx', 'xls'])(
    'reads the one visible staff sheet of a .%s past instructions, hidden and summary sheets',
    async (ext) => {
      // Saved by LibreOffice (multi-sheet.py): Instructions, a hidden old list with an officer in
      // it, a hidden lookup sheet, Staff (title, blank row, headers on row 3, a blank row 6), Summary.
      const { rows, errors } = await parse(path.join(fixtures, `workbook-with-instructions.${ext}`));
      expect(errors).toEqual([]);
      expect(rows.map((r) => [r.rowNumber, r.fullName])).toEqual([
        [4, 'Amaka Obi'],
        [5, 'Bello Musa'],
        [7, 'Chidi Eze'],
      ]);
    },
  );

  it('reads an .xlsx whose tags carry a namespace prefix (as the OpenXML SDK writes) like its original', async () => {
    const original = await parse(path.join(fixtures, 'staff-list.xlsx'));
    const prefixed = await parse(path.join(fixtures, 'staff-list-prefixed.xlsx'));
    expect(prefixed.errors).toEqual([]);
    expect(prefixed.rows).toHaveLength(3);
    expect(prefixed.rows).toEqual(original.rows);
  });

  it('keeps every character of a large workbook whole (a character split between two chunks)', async () => {
    // Shared strings of 5,000 Yoruba names span many inflated chunks; ExcelJS decoded each chunk
    // alone, so a dotted vowel cut between two of them became U+FFFD.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Staff');
    sheet.addRow(['Full Name', 'NIN', 'Ministry', 'Department']);
    const names = Array.from({ length: 5000 }, (_, i) => `Adébáyọ̀ Ògúnlẹ́yẹ ${i}`);
    names.forEach((name, i) =>
      sheet.addRow([name, String(10_000_000_000 + i), 'Ministry of Health', 'Nursing']),
    );
    const file = path.join(tmp, 'yoruba.xlsx');
    await workbook.xlsx.writeFile(file);
    const { rows } = await parse(file);
    expect(rows.map((r) => r.fullName)).toEqual(names);
  });

  it('reads a LibreOffice workbook whole every time (ExcelJS streaming lost parts stored last)', async () => {
    // LibreOffice stores the shared strings and the workbook's relations after the sheets; a
    // streaming pass over the zip intermittently lost them (every read, in a worker, of this file).
    for (let i = 0; i < 8; i += 1) {
      const { rows } = await parse(path.join(fixtures, 'workbook-with-instructions.xlsx'));
      expect(rows.map((r) => r.fullName)).toEqual(['Amaka Obi', 'Bello Musa', 'Chidi Eze']);
    }
  });

  it.each(['xlsx', 'xls'])('refuses a .%s with a staff list on two sheets, naming them', async (ext) => {
    const err = await failure(path.join(fixtures, `staff-on-two-sheets.${ext}`));
    expect(err.statusCode).toBe(422);
    expect(err.message).toContain('more than one sheet ("Health" and "Education")');
  });

  it('reads .xlsx and .xls saved by LibreOffice to the same rows as the CSV', async () => {
    const csv = await parse(path.join(fixtures, 'staff-list.csv'));
    for (const name of ['staff-list.xlsx', 'staff-list.xls']) {
      const sheet = await parse(path.join(fixtures, name));
      expect(sheet.errors, name).toEqual([]);
      expect(
        sheet.rows.map(({ original: _o, ...r }) => r),
        name,
      ).toEqual(csv.rows.map(({ original: _o, ...r }) => r));
    }
  });

  it('reads the same dates from both spreadsheet formats whatever the server time zone', async () => {
    const csv = await parse(path.join(fixtures, 'staff-list.csv'));
    const before = process.env.TZ;
    try {
      for (const tz of ['Africa/Lagos', 'Asia/Tokyo', 'America/New_York']) {
        process.env.TZ = tz; // the worker threads share the process's zone
        for (const name of ['staff-list.xlsx', 'staff-list.xls']) {
          const sheet = await parse(path.join(fixtures, name));
          expect(
            sheet.rows.map((r) => r.dateOfBirth),
            `${name} in ${tz}`,
          ).toEqual(csv.rows.map((r) => r.dateOfBirth));
        }
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('reads the 2,000-row sample workbook with real date cells', async () => {
    const { rows, errors } = await parse(path.join(examples, 'master-list.xlsx'));
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(2000);
    expect(rows.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.dateOfBirth ?? ''))).toBe(true);
    const csv = await parse(path.join(examples, 'master-list.csv'));
    expect(rows.map((r) => r.naturalKey)).toEqual(csv.rows.map((r) => r.naturalKey));
    expect(rows.map((r) => r.dateOfBirth)).toEqual(csv.rows.map((r) => r.dateOfBirth));
  });

  it('leaves no temporary file behind (ExcelJS would cache a worksheet stored before the shared strings)', async () => {
    const own = fs.mkdtempSync(path.join(tmp, 'tmpdir-'));
    const before = process.env.TMPDIR;
    process.env.TMPDIR = own; // temporary files of the worker would be made here
    try {
      const { rows } = await parse(path.join(examples, 'master-list.xlsx'));
      expect(rows).toHaveLength(2000);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
    expect(fs.readdirSync(own)).toEqual([]);
  });

  it('refuses a compression bomb (413) before inflating it', async () => {
    // A zip whose one entry inflates 1 GB of zeros from about 1 MB.
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const data = zlib.deflateRawSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
    const declared = 1024 * 1024 * 1024;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    const cdOffset = local.length + name.length + data.length;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length + name.length, 12);
    end.writeUInt32LE(cdOffset, 16);
    const file = write('bomb.xlsx', Buffer.concat([local, name, data, central, name, end]));
    const err = await failure(file);
    expect(err.statusCode).toBe(413);
    const small = await failure(file, 'bomb.xlsx').catch((e: unknown) => e);
    expect(small).toBeInstanceOf(UploadError);
    const tight = { ...limits, maxUncompressedBytes: 1024 * 1024 };
    await expect(parse(path.join(examples, 'master-list.xlsx'), undefined, tight)).rejects.toMatchObject({
      statusCode: 413,
    });
  });
});
