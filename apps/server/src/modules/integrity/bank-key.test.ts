import { describe, expect, it } from 'vitest';
import { institutionCode6 } from '@portal/contract/nuban';
import { bankKeyOf, CBN_BANKS, cbnBankOf } from './bank-key.ts';

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

  it("maps the names payroll files write to the CBN's codes (cbn-banks.csv, issue #36)", () => {
    const codeOf = (name: string) => cbnBankOf(bankKeyOf(name)!)?.codes[0];
    for (const name of ['First Bank', 'FBN', 'First Bank of Nigeria Plc'])
      expect(codeOf(name), name).toBe('011');
    for (const name of ['GTBank', 'Guaranty Trust Bank', 'GTB']) expect(codeOf(name), name).toBe('058');
    expect(codeOf('Zenith')).toBe('057');
    expect(codeOf('UBA')).toBe('033');
    expect(cbnBankOf(bankKeyOf('Access Bank (Diamond)')!)?.codes).toEqual(['044', '063']);
    // A name the table does not know has no bank: the rule cannot judge its numbers.
    expect(cbnBankOf(bankKeyOf('Bank of Nowhere')!)).toBeUndefined();
    // Wallets numbered from phone numbers carry no check digit: not judged.
    expect(cbnBankOf(bankKeyOf('Opay')!)?.checkDigit).toBe(false);
  });

  it('holds every code as a CBN institution code, and each folded name for one bank only', () => {
    expect(CBN_BANKS.length).toBeGreaterThan(25);
    for (const bank of CBN_BANKS)
      for (const code of bank.codes) expect(institutionCode6(code), bank.key).not.toBeNull();
    const names = CBN_BANKS.flatMap((b) => b.names);
    expect(new Set(names).size).toBe(names.length);
    for (const bank of CBN_BANKS) for (const name of bank.names) expect(bankKeyOf(name)).toBe(bank.key);
  });
});
