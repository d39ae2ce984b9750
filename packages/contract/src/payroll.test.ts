import { describe, expect, it } from 'vitest';
import {
  MonthlyPayInputSchema,
  nairaText,
  numberToKobo,
  parseNairaToKobo,
  PAYROLL_MESSAGES as M,
} from './payroll.ts';

describe('naira as written in a master list', () => {
  it.each([
    ['250000', 25_000_000],
    ['250,000', 25_000_000],
    ['250,000.00', 25_000_000],
    ['₦250,000.5', 25_000_050],
    ['N 1,234,567.50', 123_456_750],
    ['n1234567.05', 123_456_705],
    ['NGN 85,000', 8_500_000],
    ['250,000.00 NGN', 25_000_000],
    ['250000₦', 25_000_000],
    ['0', 0],
    ['0.01', 1],
    ['.5', 50],
    ['-0', 0],
    ['999,999,999,999.99', 99_999_999_999_999],
  ])('%s is %d kobo', (text, kobo) => {
    expect(parseNairaToKobo(text)).toEqual({ kobo });
  });

  it.each([
    ['1,23,456', M.amount],
    ['250000.123', M.amount],
    ['25O000', M.amount],
    ['$250', M.amount],
    ['250,000,', M.amount],
    ['', M.amount],
    ['-5', M.negative],
    ['₦-5,000', M.negative],
    ['(5,000.00)', M.negative],
    ['1,000,000,000,000.01', M.tooLarge],
    ['99999999999999999999', M.tooLarge],
  ])('%s is refused: %s', (text, error) => {
    expect(parseNairaToKobo(text)).toEqual({ error });
  });

  it('reads a number cell exactly to the kobo, also with floating-point noise', () => {
    expect(numberToKobo(1234.57)).toEqual({ kobo: 123457 });
    expect(numberToKobo(1375.0000000000002)).toEqual({ kobo: 137500 });
    expect(numberToKobo(0.1 + 0.2)).toEqual({ kobo: 30 });
    expect(numberToKobo(1234.567)).toEqual({ error: M.amount });
    expect(numberToKobo(-1)).toEqual({ error: M.negative });
  });

  it('writes kobo as naira text with two decimals', () => {
    expect(nairaText(123_456_705)).toBe('1234567.05');
    expect(nairaText(0)).toBe('0.00');
  });

  it("an edit's pay: left out keeps, blank clears, text or number becomes kobo", () => {
    expect(MonthlyPayInputSchema.parse(undefined)).toBeUndefined();
    expect(MonthlyPayInputSchema.parse('')).toBeNull();
    expect(MonthlyPayInputSchema.parse(null)).toBeNull();
    expect(MonthlyPayInputSchema.parse('₦250,000.50')).toBe(25_000_050);
    expect(MonthlyPayInputSchema.parse(250000.5)).toBe(25_000_050);
    expect(MonthlyPayInputSchema.safeParse('-1').success).toBe(false);
  });
});
