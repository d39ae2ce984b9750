import { describe, expect, it } from 'vitest';
import { evidenceOthers, evidenceSummary } from './evidence-text.ts';

describe('integrity evidence as the flag list says it', () => {
  it('says the age and dates used', () => {
    expect(
      evidenceSummary({
        kind: 'AGE',
        age: 60,
        asOf: '2026-11-24',
        dateOfBirth: '1966-11-24',
        dateOfBirthSource: 'PROVIDER',
        retirementAge: 60,
      }),
    ).toBe(
      'Aged 60 on Nov 24, 2026: born Nov 24, 1966 (date of birth from the identity provider); retirement age 60.',
    );
    expect(
      evidenceSummary({
        kind: 'APPOINTMENT_AGE',
        ageAtAppointment: 17,
        dateOfBirth: '2000-05-10',
        dateOfBirthSource: 'UPLOAD',
        dateOfFirstAppointment: '2018-05-09',
      }),
    ).toBe('Aged 17 when first appointed on May 9, 2018: born May 10, 2000 (date of birth as uploaded).');
    expect(
      evidenceSummary({
        kind: 'BIRTH_DATE',
        dateOfBirth: '1919-12-31',
        dateOfBirthSource: 'UPLOAD',
        problem: 'BEFORE_1920',
        asOf: '2026-11-24',
      }),
    ).toBe('Born Dec 31, 1919 (date of birth as uploaded): before 1920, a placeholder date.');
    expect(
      evidenceSummary({
        kind: 'APPOINTMENT_DATE',
        dateOfFirstAppointment: '2026-11-25',
        asOf: '2026-11-24',
      }),
    ).toBe('First appointed Nov 25, 2026: not yet appointed on Nov 24, 2026.');
    expect(
      evidenceSummary({
        kind: 'SCALE',
        structure: 'CONPSS',
        gradeLevel: 8,
        step: 10,
        salaryGradeId: 'GL08/S10',
        maximumAmount: 250000,
        payAmount: 250000.01,
        excessAmount: 0.01,
      }),
    ).toBe(
      "Paid ₦250,000.01 a month: ₦0.01 above the salary table's maximum of ₦250,000.00 for CONPSS grade 8 step 10 (salary grade ID GL08/S10).",
    );
    expect(
      evidenceSummary({
        kind: 'EXIT',
        exitDate: '2026-10-31',
        exitReason: 'DECEASED',
        reference: 'HR/D/1',
        matchedBy: 'PSN',
        asOf: '2026-11-24',
        exports: [{ exportId: 'e1', approvedAt: '2026-11-20T10:00:00.000Z' }],
        recoverableAmount: 250000.5,
      }),
    ).toMatch(
      /^Deceased on Oct 31, 2026 \(separations list, ref\. HR\/D\/1, matched by PSN\); on 1 approved payroll export since: ₦250,000\.50 recoverable\.$/,
    );
    expect(
      evidenceSummary({
        kind: 'NOMINAL_ROLL',
        ministry: 'Ministry of Health',
        asOf: '2026-10-31',
        uploadId: 'u1',
        fileName: 'roll-health.xlsx',
        onRollOf: null,
      }),
    ).toBe('Not on the nominal roll of Ministry of Health as of Oct 31, 2026 (roll-health.xlsx).');
    expect(
      evidenceSummary({
        kind: 'NOMINAL_ROLL',
        ministry: 'Ministry of Health',
        asOf: '2026-10-31',
        uploadId: 'u1',
        fileName: 'roll.csv',
        onRollOf: 'Ministry of Education',
      }),
    ).toBe(
      'Not on the nominal roll of Ministry of Health as of Oct 31, 2026 (roll.csv); on the roll of Ministry of Education.',
    );
  });

  it("names a group's shared value and its other records, hidden ones counted", () => {
    const e = {
      kind: 'GROUP' as const,
      field: 'BANK_ACCOUNT' as const,
      bank: 'GTBank',
      accountNumber: '0123456789',
      value: '0123456789',
      groupSize: 25,
      others: [
        { recordId: 'r2', psn: 'PSNA2', fullName: 'Ada Obi' },
        { recordId: null, psn: null, fullName: null },
      ],
    };
    expect(evidenceSummary(e)).toBe('Account 0123456789 at GTBank is on 25 records.');
    expect(evidenceOthers(e)).toEqual([
      'PSNA2 Ada Obi',
      '1 record outside your assignments',
      'and 22 more records',
    ]);
  });

  it('says why an account number cannot exist at the bank the record names (issue #36)', () => {
    const e = {
      kind: 'ACCOUNT_NUMBER' as const,
      bank: 'GTB',
      bankName: 'Guaranty Trust Bank',
      bankCode: '058',
      accountNumber: '••••4072',
      length: null,
      expectedCheckDigit: 1,
      actualCheckDigit: 2,
    };
    expect(evidenceSummary({ ...e, problem: 'CHECK_DIGIT' })).toBe(
      "Account ••••4072 at GTB (Guaranty Trust Bank, CBN code 058) cannot exist: its check digit is 2, the bank's code gives 1.",
    );
    expect(
      evidenceSummary({
        ...e,
        problem: 'LENGTH',
        length: 9,
        expectedCheckDigit: null,
        actualCheckDigit: null,
      }),
    ).toBe(
      'Account ••••4072 at GTB (Guaranty Trust Bank, CBN code 058) cannot exist: it has 9 digits, not 10.',
    );
    expect(evidenceOthers({ ...e, problem: 'NOT_DIGITS' })).toEqual([]);
  });

  it("says what the bank said of the account check's account (issue #36 item 3)", () => {
    const e = {
      kind: 'ACCOUNT_CHECK' as const,
      bank: 'GTB',
      bankCode: '058',
      accountNumber: '••••4072',
      accountName: null,
      fullName: 'Ada Obi',
      nameVerdict: null,
      nameReasons: [],
      accountBvn: null,
      listBvn: null,
      checkedAt: '2026-11-30T09:00:00.000Z',
    };
    expect(evidenceSummary({ ...e, accountStatus: 'CLOSED' })).toBe(
      'Account ••••4072 at GTB (CBN code 058): closed, the bank says (checked Nov 30, 2026).',
    );
    expect(
      evidenceSummary({
        ...e,
        accountStatus: 'FOUND',
        accountName: 'MUSA BELLO',
        nameVerdict: 'DIFFERENT',
        nameReasons: ['different name: Ada ~ Musa'],
      }),
    ).toBe(
      'Account ••••4072 at GTB (CBN code 058) held in the name MUSA BELLO; Ada Obi on the list: different (different name: Ada ~ Musa).',
    );
    expect(
      evidenceSummary({
        ...e,
        accountStatus: 'FOUND',
        accountName: 'ADA OBI',
        nameVerdict: 'MATCH',
        accountBvn: '••••1234',
        listBvn: '••••9999',
      }),
    ).toBe(
      "Account ••••4072 at GTB (CBN code 058) held in the name ADA OBI; Ada Obi on the list: match; the bank's BVN ••••1234, the list's ••••9999.",
    );
    expect(evidenceOthers({ ...e, accountStatus: 'NOT_FOUND' })).toEqual([]);
  });

  it('names the other states whose payroll holds the identifier, and nothing of their records', () => {
    const e = {
      kind: 'OTHER_PAYROLL' as const,
      others: [
        { tenantName: 'Kano State Civil Service', stateCode: 'KN', fields: ['NIN' as const] },
        {
          tenantName: 'Oyo State Civil Service',
          stateCode: 'OY',
          fields: ['BANK_ACCOUNT' as const, 'BVN' as const],
        },
      ],
    };
    expect(evidenceSummary(e)).toBe(
      'On the payroll of Kano State Civil Service (KN): same NIN; Oyo State Civil Service (OY): same BVN, bank account.',
    );
    expect(evidenceOthers(e)).toEqual([]);
  });
});
