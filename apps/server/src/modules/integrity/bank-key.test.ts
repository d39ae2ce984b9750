import { describe, expect, it } from 'vitest';
import { bankKeyOf } from './bank-key.ts';

describe('which bank a bank name means', () => {
  it.each([
    [
      [
        'GTBank',
        'Guaranty Trust Bank Plc',
        'GTB',
        'gtbank plc',
        'Guaranty Trust Bank (GTCO)'.replace(' (GTCO)', ''),
      ],
      'gtb',
    ],
    [['First Bank of Nigeria Ltd', 'FirstBank', 'FBN', 'First Bank'], 'firstbank'],
    [['United Bank for Africa', 'UBA Plc', 'U.B.A'], 'uba'],
    [['Access Bank', 'ACCESS BANK PLC', 'Access Bank (Diamond)'], 'access'],
    [['Zenith Bank', 'Zenith Bank Plc', 'ZENITH'], 'zenith'],
    [['Stanbic IBTC Bank', 'Stanbic IBTC'], 'stanbic'],
    [['First City Monument Bank', 'FCMB'], 'fcmb'],
    [['Wema Bank', 'ALAT by Wema'], 'wema'],
    [['Moniepoint MFB', 'Moniepoint Microfinance Bank'], 'moniepoint'],
  ])('%j → %s', (names, key) => {
    for (const name of names) expect(bankKeyOf(name), name).toBe(key);
  });

  it('keeps different banks apart, and an unknown bank as its folded name', () => {
    expect(bankKeyOf('Union Bank of Nigeria')).toBe('union');
    expect(bankKeyOf('Unity Bank')).toBe('unity');
    expect(bankKeyOf('First City Monument Bank')).not.toBe(bankKeyOf('First Bank'));
    expect(bankKeyOf('Akwa Savings & Loans')).toBe('akwasavingsloans');
    expect(bankKeyOf('  ')).toBeNull();
    expect(bankKeyOf(null)).toBeNull();
  });
});
