import { afterAll, describe, expect, it } from 'vitest';
import { parseUpload } from './parse-upload.ts';
import {
  parseAll,
  removeTempFiles,
  TEST_LIMITS,
  uploadErrorOf,
  writeMasterCsv,
  writeTemp,
} from './test-files.ts';

afterAll(removeTempFiles);

describe('parseUpload', () => {
  it('answers 422 naming the missing required columns', async () => {
    const file = await writeTemp('missing.csv', 'S/N,Name,Staff ID,MDA,Grade Level\n1,A B,E1,Health,GL 08\n');
    const error = await uploadErrorOf(file);
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe('Missing required columns: Department, PSN or NIN.');
    expect(error.details).toEqual({
      missingColumns: ['Department', 'PSN or NIN'],
      recognisedColumns: ['Name', 'Staff ID', 'MDA', 'Grade Level'],
    });
  });

  it('reports row errors with the row numbers and headers a person sees in the file', async () => {
    const csv = [
      'Staff Name,Public Service Number,NIN,MDA,Dept,DOB',
      'Good Row,PSN1,01234567890,Health,Accounts,15/03/1985',
      'Bad Nin,PSN2,12345,Health,Accounts,15/03/1985',
      '"Two-line',
      'Name",PSN3,,Health,,1985-13-01',
      '',
      ',,,Health,Accounts,',
      'Good Again,,98765432109,Health,Accounts,',
    ].join('\n');
    const { rows, errors } = await parseAll(await writeTemp('errors.csv', csv));
    expect(rows.map((r) => [r.rowNumber, r.naturalKey])).toEqual([
      [2, 'PSN1'],
      [7, '98765432109'],
    ]);
    expect(errors).toEqual([
      { row: 3, column: 'NIN', reason: 'NIN must be 11 digits' },
      { row: 4, column: 'Dept', reason: 'Department is required' },
      { row: 4, column: 'DOB', reason: 'Date of birth is not a valid date' },
      { row: 6, column: 'Staff Name', reason: 'Full name is required' },
      { row: 6, column: 'Public Service Number', reason: 'PSN or NIN is required' },
    ]);
  });

  it('yields every row error so the caller can count them all', async () => {
    const lines = [
      'Name,NIN,MDA,Department',
      ...Array.from({ length: 4500 }, (_, i) => `P${i},123,Health,Accounts`),
    ];
    let errorCount = 0;
    let batches = 0;
    for await (const batch of parseUpload(
      await writeTemp('many.csv', lines.join('\n')),
      'many.csv',
      TEST_LIMITS,
    )) {
      errorCount += batch.errors.length;
      batches += 1;
    }
    expect(errorCount).toBe(4500);
    expect(batches).toBeGreaterThan(1);
  });

  it('finds the header below a title row', async () => {
    const csv =
      'Lagos State Civil Service - Nominal Roll 2024,,,\n,,,\nName,NIN,MDA,Department\nA B,01234567890,Health,Accounts\n';
    const { rows } = await parseAll(await writeTemp('title.csv', csv));
    expect(rows).toEqual([expect.objectContaining({ rowNumber: 4, fullName: 'A B' })]);
  });

  it('composes the full name from Surname, First Name and Other Names columns', async () => {
    const csv =
      'S/N,SURNAME,FIRST_NAME,OTHER_NAMES,NIN,MINISTRY,DEPARTMENT\n1,Okafor,Adebayo,,01234567890,Health,Accounts\n';
    const { rows } = await parseAll(await writeTemp('parts.csv', csv));
    expect(rows[0]).toMatchObject({
      fullName: 'Adebayo Okafor',
      original: { 'S/N': '1', lastName: 'Okafor' },
    });
  });

  it('parses a 100,000-row CSV in a few seconds', async () => {
    const file = await writeMasterCsv('100k.csv', 100_000);
    const started = performance.now();
    let rows = 0;
    for await (const batch of parseUpload(file, '100k.csv', TEST_LIMITS)) {
      rows += batch.rows.length;
      expect(batch.errors).toEqual([]);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`csv: ${rows} rows in ${seconds.toFixed(2)} s (${Math.round(rows / seconds)} rows/s)`);
    expect(rows).toBe(100_000);
  }, 60_000);
});
