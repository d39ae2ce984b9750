import { describe, expect, it } from 'vitest';
import { codeWeight, institutionCode6, nubanCheckDigit, nubanOf, nubanProblem } from './nuban.ts';

/**
 * Published account numbers and their banks' CBN codes. Each is a real-world example another
 * NUBAN implementation tests against; none was computed by this module.
 */
const PUBLISHED: [code: string, account: string, source: string][] = [
  // github.com/03balogun/nuban-bank-prediction-algorithm, README.md and test/predictBanks.test.ts
  // (isBankAccountValid('0010246780', '044') is true; based on the CBN's 2018 revised standard).
  ['044', '0010246780', '03balogun README / predictBanks.test.ts'],
  // Same test file: getPossibleBanks(number) includes the bank of the code.
  ['221', '0054556411', '03balogun predictBanks.test.ts (Stanbic IBTC)'],
  ['057', '1012854016', '03balogun predictBanks.test.ts (Zenith)'],
  ['058', '0108024071', '03balogun predictBanks.test.ts (GTBank)'],
  ['033', '1018044721', '03balogun predictBanks.test.ts (UBA)'],
  ['011', '2022323697', '03balogun predictBanks.test.ts (First Bank)'],
  ['070', '5600026567', '03balogun predictBanks.test.ts (Fidelity)'],
  ['214', '2828744017', '03balogun predictBanks.test.ts (FCMB)'],
];

describe('NUBAN check digit (CBN 2010 scheme, 2018 revised standard)', () => {
  it.each(PUBLISHED)('%s %s is a valid NUBAN (%s)', (code, account) => {
    expect(nubanProblem([code], account)).toBeNull();
    expect(nubanCheckDigit(code, account.slice(0, 9))).toBe(Number(account[9]));
  });

  it('computes the 2010 worked form A*3+B*7+C*3+…+L*3, 10 − (sum mod 10), 10 → 0', () => {
    // 011 000001457: 0·3+1·7+1·3+0+0+0+0+0+1·3+4·3+5·7+7·3 = 81 → 10 − 1 = 9.
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    // A sum that is a multiple of 10 gives 0, not 10: 044 001024678 (published above, ends in 0).
    expect(nubanCheckDigit('044', '001024678')).toBe(0);
  });

  it('pads a 3-digit bank code with 000 and a 5-digit OFI code with 9 (revised standard)', () => {
    expect(institutionCode6('058')).toBe('000058');
    expect(institutionCode6('50211')).toBe('950211');
    expect(institutionCode6('090267')).toBe('090267');
    expect(institutionCode6('12')).toBeNull();
    expect(institutionCode6('12a')).toBeNull();
    // 950211: 9·3+5·7+0·3+2·3+1·7+1·3 = 78 → 8.
    expect(codeWeight('50211')).toBe(8);
    // The 000 prefix changes nothing for a 3-digit code: 000 is weighted 3,7,3 then the code 3,7,3.
    expect(codeWeight('058')).toBe((0 * 3 + 5 * 7 + 8 * 3) % 10);
  });

  it('says why a number fails: the digit expected and the one written, the length, non-digits', () => {
    expect(nubanProblem(['044'], '0010246781')).toEqual({ problem: 'CHECK_DIGIT', expected: 0, actual: 1 });
    // The same number at another bank is not valid: the code is part of the sum.
    expect(nubanProblem(['058'], '0010246780')).toMatchObject({ problem: 'CHECK_DIGIT', actual: 0 });
    expect(nubanProblem(['044'], '001024678')).toEqual({ problem: 'LENGTH', length: 9 });
    expect(nubanProblem(['044'], '00102467800')).toEqual({ problem: 'LENGTH', length: 11 });
    expect(nubanProblem(['044'], '00102O6780')).toEqual({ problem: 'NOT_DIGITS' });
  });

  it('accepts a number valid under any of a bank’s codes (Access and the Diamond accounts it took over)', () => {
    const diamond = nubanOf('063', '012345678');
    expect(nubanProblem(['044'], diamond)?.problem).toBe('CHECK_DIGIT');
    expect(nubanProblem(['044', '063'], diamond)).toBeNull();
  });

  it('writes a valid number for a serial, which a one-digit slip breaks', () => {
    const n = nubanOf('057', '101285401');
    expect(n).toBe('1012854016');
    // Any single changed digit of the serial changes the sum by a non-multiple of 10 (weights 3, 7).
    for (let i = 0; i < 9; i++) {
      const d = (Number(n[i]) + 1) % 10;
      expect(nubanProblem(['057'], n.slice(0, i) + d + n.slice(i + 1))?.problem).toBe('CHECK_DIGIT');
    }
  });
});
