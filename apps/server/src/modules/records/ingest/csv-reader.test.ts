import { afterAll, describe, expect, it } from 'vitest';
import { detectDelimiter } from './csv-reader.ts';
import { parseAll, removeTempFiles, uploadErrorOf, writeTemp } from './test-files.ts';

afterAll(removeTempFiles);

const HEADER = 'Full Name,PSN,NIN,Ministry,Department,Remarks';

/** Windows-1252 bytes of a string (only characters Windows-1252 has). */
function cp1252(text: string): Buffer {
  const extra: Record<string, number> = { '€': 0x80, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96 };
  return Buffer.from([...text].map((ch) => extra[ch] ?? ch.charCodeAt(0)));
}

describe('CSV encodings', () => {
  const line = 'Adébáyò Fálàdé,PSN1,,Ministry of Health,Accounts,“Transferred” – 5€';

  it('reads Excel\'s plain "CSV (Comma delimited)" as Windows-1252 when the bytes are not UTF-8', async () => {
    const file = await writeTemp('cp1252.csv', cp1252(`${HEADER}\r\n${line}\r\n`));
    const { rows } = await parseAll(file);
    expect(rows[0]?.fullName).toBe('Adébáyò Fálàdé');
    expect(rows[0]?.original.Remarks).toBe('“Transferred” – 5€');
  });

  it('reads "CSV UTF-8" with a byte-order mark, and UTF-8 without one', async () => {
    const text = `${HEADER}\r\n${line.replace('Adébáyò', 'Adébáyọ̀')}\r\n`;
    const bom = await writeTemp(
      'bom.csv',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
    );
    const plain = await writeTemp('utf8.csv', text);
    for (const file of [bom, plain]) {
      const { rows } = await parseAll(file);
      expect(rows[0]?.fullName).toBe('Adébáyọ̀ Fálàdé');
      expect(Object.keys(rows[0]!.original)[0]).toBe('fullName');
    }
  });

  it('reads UTF-16 text with a byte-order mark (Excel "Unicode Text")', async () => {
    const text = `${HEADER.replace(/,/g, '\t')}\r\n${line.replace(/,/g, '\t')}\r\n`;
    const file = await writeTemp(
      'utf16.csv',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
    );
    const { rows } = await parseAll(file);
    expect(rows[0]?.fullName).toBe('Adébáyò Fálàdé');
  });
});

describe('CSV delimiters and quoting', () => {
  it('detects the delimiter from the header line', () => {
    expect(detectDelimiter('a,b,c')).toBe(',');
    expect(detectDelimiter('a;b;c')).toBe(';');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    expect(detectDelimiter('a|b|c')).toBe('|');
    expect(detectDelimiter('"Ministry, Dept";Name;NIN')).toBe(';');
    expect(detectDelimiter('Name')).toBe(',');
  });

  it.each([
    [';', 'semicolon'],
    ['\t', 'tab'],
  ])('reads %s-delimited files (%s)', async (d) => {
    const file = await writeTemp(
      `delim-${d === ';' ? 'semi' : 'tab'}.csv`,
      `Name${d}NIN${d}MDA${d}Department\nA B${d}01234567890${d}Health${d}Accounts, Audit\n`,
    );
    const { rows } = await parseAll(file);
    expect(rows[0]).toMatchObject({ fullName: 'A B', nin: '01234567890', department: 'Accounts, Audit' });
  });

  it('honours an Excel "sep=" line', async () => {
    const file = await writeTemp(
      'sep.csv',
      'sep=;\nName;NIN;MDA;Department\nA B;01234567890;Health;Accounts\n',
    );
    const { rows } = await parseAll(file);
    expect(rows[0]).toMatchObject({ rowNumber: 2, fullName: 'A B' });
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, counting rows as a spreadsheet does', async () => {
    const csv = [
      HEADER,
      'A B,PSN1,,Health,"Planning, Research",Plain',
      'C D,PSN2,,Health,Accounts,"Two',
      'lines"',
      '',
      'E F,PSN3,,Health,Accounts,"He said ""no"""',
      ',,,,,',
      '',
    ].join('\r\n');
    const file = await writeTemp('quoted.csv', csv);
    const { rows, errors } = await parseAll(file);
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.rowNumber, r.department, r.original.Remarks])).toEqual([
      [2, 'Planning, Research', 'Plain'],
      [3, 'Accounts', 'Two\r\nlines'],
      [5, 'Accounts', 'He said "no"'],
    ]);
  });

  it('ignores trailing empty columns and rows', async () => {
    const file = await writeTemp(
      'trailing.csv',
      `${HEADER},,,\nA B,PSN1,,Health,Accounts,,,,\n,,,,,,,,,\n\n\n`,
    );
    const { rows } = await parseAll(file);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.original).toEqual({
      fullName: 'A B',
      psn: 'PSN1',
      ministry: 'Health',
      department: 'Accounts',
    });
  });

  it('refuses a file whose quote is never closed, naming the row', async () => {
    const file = await writeTemp(
      'unclosed.csv',
      `${HEADER}\nA B,PSN1,,Health,Accounts,ok\nC D,PSN2,,Health,"Accounts,oops\n`,
    );
    const error = await uploadErrorOf(file);
    expect(error.statusCode).toBe(422);
    expect(error.message).toMatch(/quoted field is not closed.*row 3/);
  });
});
