import { describe, expect, it } from 'vitest';
import type { Cell } from './cells.ts';
import { readHeader } from './headers.ts';
import { normaliseRow, type RowContext } from './row-normalise.ts';

const HEADERS = [
  'S/N',
  'Full Name',
  'PSN',
  'NIN',
  'Ministry',
  'Department',
  'Date of Birth',
  'Email',
  'Phone',
];
const layout = readHeader(HEADERS);
const ctx: RowContext = { date1904: false, today: '2026-06-01' };
const VALID: Cell[] = [
  '1',
  'Adebayo Okafor',
  'PSN100101',
  '01234567890',
  'Ministry of Health',
  'Accounts',
  '15/03/1985',
  'a.okafor@example.gov.ng',
  '08031234567',
];

const withCell = (index: number, value: Cell, cells = VALID) =>
  cells.map((c, i) => (i === index ? value : c));
const normalise = (cells: Cell[], rowNumber = 7, l = layout) => normaliseRow({ rowNumber, cells }, l, ctx);
const errorsOf = (cells: Cell[]) => normalise(cells)?.errors ?? [];

describe('row normalisation', () => {
  it('normalises a valid row and keys it by PSN', () => {
    const result = normalise(VALID);
    expect(result?.row).toMatchObject({
      rowNumber: 7,
      naturalKey: 'PSN100101',
      fullName: 'Adebayo Okafor',
      nin: '01234567890',
      dateOfBirth: '1985-03-15',
      employeeId: null,
      ssid: null,
    });
    expect(result?.row?.original).toEqual({
      'S/N': '1',
      fullName: 'Adebayo Okafor',
      psn: 'PSN100101',
      nin: '01234567890',
      ministry: 'Ministry of Health',
      department: 'Accounts',
      dateOfBirth: '15/03/1985',
      email: 'a.okafor@example.gov.ng',
      phone: '08031234567',
    });
  });

  it('keys a row without PSN by NIN', () => {
    expect(normalise(withCell(2, ''))?.row?.naturalKey).toBe('01234567890');
  });

  it('trims and collapses whitespace, upper-cases the PSN without spaces, lower-cases the email', () => {
    const cells = withCell(
      1,
      '  Adebayo \n  Okafor ',
      withCell(2, ' psn 100 101 ', withCell(7, ' A.Okafor@Example.gov.ng ')),
    );
    expect(normalise(cells)?.row).toMatchObject({
      fullName: 'Adebayo Okafor',
      psn: 'PSN100101',
      email: 'a.okafor@example.gov.ng',
    });
  });

  it('treats empty strings as absent values', () => {
    const row = normalise(withCell(7, '   ', withCell(8, '')))?.row;
    expect(row?.email).toBeNull();
    expect(row?.phone).toBeNull();
    expect(row?.original).not.toHaveProperty('email');
  });

  it('pads a numeric NIN cell the spreadsheet stripped of its leading zeros, and writes numbers without exponent', () => {
    const row = normalise(withCell(3, 1234567890, withCell(8, 8031234567)))?.row;
    expect(row?.nin).toBe('01234567890');
    expect(row?.phone).toBe('8031234567');
    expect(normalise(withCell(3, 12345678901))?.row?.nin).toBe('12345678901');
    expect(normalise(withCell(2, 1e20))?.row?.psn).toBe('100000000000000000000');
  });

  it('refuses a NIN with letters, of the wrong length, or a non-integer number', () => {
    for (const nin of ['0123456789', '012345678901', '0123456789A', '0123 456789', 1.5, 123456789012]) {
      expect(errorsOf(withCell(3, nin))).toEqual([
        { row: 7, column: 'NIN', reason: 'NIN must be 11 digits' },
      ]);
    }
  });

  it('reads date cells, serial numbers and text dates; refuses invalid and future dates', () => {
    expect(normalise(withCell(6, new Date(Date.UTC(1985, 2, 15))))?.row?.dateOfBirth).toBe('1985-03-15');
    expect(normalise(withCell(6, 31121))?.row?.dateOfBirth).toBe('1985-03-15');
    expect(normalise(withCell(6, '1985-03-15'))?.row?.dateOfBirth).toBe('1985-03-15');
    expect(errorsOf(withCell(6, '31/02/1985'))).toEqual([
      { row: 7, column: 'Date of Birth', reason: 'Date of birth is not a valid date' },
    ]);
    expect(errorsOf(withCell(6, '01/01/2030'))[0]?.reason).toBe('Date of birth is in the future');
    expect(errorsOf(withCell(6, '01/01/1850'))[0]?.reason).toBe('Date of birth is not a valid date');
  });

  it('reports every missing required value of a row, by the column header as written', () => {
    const cells = ['1', '', '', '', '', '', '', '', '0803'];
    expect(errorsOf(cells)).toEqual([
      { row: 7, column: 'Full Name', reason: 'Full name is required' },
      { row: 7, column: 'Ministry', reason: 'Ministry is required' },
      { row: 7, column: 'Department', reason: 'Department is required' },
      { row: 7, column: 'PSN', reason: 'PSN or NIN is required' },
    ]);
  });

  it('refuses an invalid email address', () => {
    expect(errorsOf(withCell(7, 'not-an-email'))).toEqual([
      { row: 7, column: 'Email', reason: 'Email is not a valid address' },
    ]);
  });

  it('never puts cell values in a reason', () => {
    const secret = 'Zz9-SECRET';
    const cells = withCell(3, secret, withCell(6, secret, withCell(7, secret)));
    const errors = errorsOf(cells);
    expect(errors).toHaveLength(3);
    expect(JSON.stringify(errors)).not.toContain(secret);
  });

  it('skips a row whose recognised columns are all empty (a template row with only a serial number)', () => {
    expect(normalise(['41', '', '', '', '', '', '', '', ''])).toBeNull();
    expect(normalise(['', ' ', ''])).toBeNull();
  });

  it('composes the full name from surname, first and other names', () => {
    const parts = readHeader(['Surname', 'First Name', 'Other Names', 'NIN', 'MDA', 'Department']);
    const row = normalise(
      ['Okafor', 'Adebayo', 'Chukwuemeka', '01234567890', 'Health', 'Accounts'],
      2,
      parts,
    )?.row;
    expect(row?.fullName).toBe('Adebayo Chukwuemeka Okafor');
    expect(row?.original).toMatchObject({
      lastName: 'Okafor',
      firstName: 'Adebayo',
      middleName: 'Chukwuemeka',
    });
    const errors = normalise(['', '', '', '01234567890', 'Health', 'Accounts'], 2, parts)?.errors;
    expect(errors).toEqual([{ row: 2, column: 'Surname', reason: 'Full name is required' }]);
  });

  it('takes the first non-empty of two columns of one field and keeps both as uploaded', () => {
    const two = readHeader(['Name', 'NIN', 'Ministry', 'Department', 'Phone', 'Mobile']);
    const row = normalise(['A B', '01234567890', 'M', 'D', '', '0809'], 2, two)?.row;
    expect(row?.phone).toBe('0809');
    expect(row?.original).toMatchObject({ Mobile: '0809' });
  });

  it('keeps values beyond the header row under their column letter', () => {
    const row = normalise([...VALID, '', 'stray'])?.row;
    expect(row?.original).toMatchObject({ 'Column K': 'stray' });
  });
});
