import { describe, expect, it } from 'vitest';
import { isoDate } from './cells.ts';
import { excelSerialToDate, parseDateText } from './dates.ts';

const NOW = new Date(Date.UTC(2026, 5, 1));

describe('dates written as text', () => {
  it.each([
    ['1985-03-15', '1985-03-15'],
    ['1985-03-15T00:00:00', '1985-03-15'],
    ['1985-03-15 00:00:00', '1985-03-15'],
    ['1985/03/15', '1985-03-15'],
    ['15/03/1985', '1985-03-15'],
    ['5/3/1985', '1985-03-05'],
    ['05/03/1985', '1985-03-05'],
    ['15-03-1985', '1985-03-15'],
    ['15.03.1985', '1985-03-15'],
    ['15/03/1985 00:00', '1985-03-15'],
    ['15-Mar-1985', '1985-03-15'],
    ['15-mar-85', '1985-03-15'],
    ['15 March 1985', '1985-03-15'],
    ['15th March, 1985', '1985-03-15'],
    ['March 15, 1985', '1985-03-15'],
    ['Sept 1 1990', '1990-09-01'],
    ['1 Sept 1990', '1990-09-01'],
    ['29/02/2000', '2000-02-29'],
    ['15/03/05', '2005-03-15'],
  ])('%s → %s', (text, iso) => {
    expect(parseDateText(text, NOW)).toBe(iso);
  });

  it.each([
    '31/04/1985',
    '29/02/1999',
    '03/15/1985',
    '1985-13-01',
    '15 Foo 1985',
    'yesterday',
    '1985',
    '15/03',
  ])('refuses %s', (text) => {
    expect(parseDateText(text, NOW)).toBeNull();
  });
});

describe('Excel serial dates', () => {
  it('reads the 1900 system, including its fictitious 29 February 1900', () => {
    expect(isoDate(excelSerialToDate(31121)!)).toBe('1985-03-15');
    expect(isoDate(excelSerialToDate(1)!)).toBe('1900-01-01');
    expect(isoDate(excelSerialToDate(61)!)).toBe('1900-03-01');
    expect(excelSerialToDate(60)).toBeNull();
    expect(isoDate(excelSerialToDate(31121.75)!)).toBe('1985-03-15');
  });

  it('reads the 1904 system', () => {
    expect(isoDate(excelSerialToDate(29659, true)!)).toBe('1985-03-15');
  });

  it('refuses numbers that are no date', () => {
    expect(excelSerialToDate(0)).toBeNull();
    expect(excelSerialToDate(-5)).toBeNull();
    expect(excelSerialToDate(1e9)).toBeNull();
  });
});
