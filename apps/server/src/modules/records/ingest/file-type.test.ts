import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sniffUpload } from './file-type.ts';
import { FIXTURES, removeTempFiles, uploadErrorOf, writeTemp } from './test-files.ts';

afterAll(removeTempFiles);

describe('upload type checks', () => {
  it('answers 415 for a program renamed to .csv', async () => {
    const file = await writeTemp('setup.csv', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512)]));
    const error = await uploadErrorOf(file);
    expect(error.statusCode).toBe(415);
    expect(error.message).toBe(
      'The file content does not match its .csv extension (it looks like a program).',
    );
  });

  it('answers 415 for a CSV renamed to .xlsx, and for an .xlsx renamed to .csv or .xls', async () => {
    const csv = await writeTemp('list.xlsx', 'Name,NIN\nA,01234567890\n');
    expect((await uploadErrorOf(csv)).statusCode).toBe(415);
    expect((await uploadErrorOf(csv)).message).toMatch(/does not match its \.xlsx extension/);
    const xlsx = path.join(FIXTURES, 'master-small.xlsx');
    expect((await uploadErrorOf(xlsx, 'list.csv')).message).toMatch(
      /\.csv extension \(it looks like a ZIP archive/,
    );
    expect((await uploadErrorOf(xlsx, 'list.xls')).message).toMatch(
      /\.xls extension \(it looks like an \.xlsx/,
    );
  });

  it('answers 415 for a ZIP that is not a workbook', async () => {
    const { buildZip } = await import('./test-files.ts');
    const file = await writeTemp(
      'doc.xlsx',
      buildZip([{ name: 'word/document.xml', data: Buffer.from('<w/>') }]),
    );
    expect((await uploadErrorOf(file)).statusCode).toBe(415);
  });

  it('answers 415 for another extension, whatever the content', async () => {
    const file = await writeTemp('list.txt', 'Name,NIN\n');
    const error = await uploadErrorOf(file);
    expect(error.statusCode).toBe(415);
    expect(error.message).toBe('".txt" files are not supported: upload a .csv, .xlsx or .xls file.');
    expect((await uploadErrorOf(file, 'list')).statusCode).toBe(415);
  });

  it('accepts upper-case extensions', async () => {
    const file = await writeTemp('upper.CSV', 'Name,NIN,MDA,Department\nA B,01234567890,Health,Accounts\n');
    expect((await sniffUpload(file, 'LIST.CSV')).kind).toBe('csv');
  });

  it('answers 400 for an empty file, or one with only blank lines and separators', async () => {
    for (const [name, content] of [
      ['empty.csv', ''],
      ['blank.csv', '\r\n  \r\n,,,\r\n'],
      ['empty.xlsx', ''],
    ] as const) {
      const error = await uploadErrorOf(await writeTemp(name, content));
      expect(error.statusCode).toBe(400);
      expect(error.message).toBe('The file is empty.');
    }
  });

  it('answers 422 for a header without data rows', async () => {
    const error = await uploadErrorOf(await writeTemp('header.csv', 'Name,NIN,MDA,Department\n,,,\n'));
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe('The file has no data rows.');
  });

  it('answers 422 for an unreadable file', async () => {
    const error = await uploadErrorOf(path.join(FIXTURES, 'does-not-exist.csv'));
    expect(error.statusCode).toBe(422);
  });

  it('fixtures stay small', () => {
    for (const name of fs.readdirSync(FIXTURES))
      expect(fs.statSync(path.join(FIXTURES, name)).size).toBeLessThan(50_000);
  });
});
