import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrityFlag, IntegritySummary } from '@portal/contract/integrity';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { uploadFile } from '../helpers/uploads.ts';
import { lagosToday, payrollCsv, type PayrollRow } from '../helpers/payroll-lists.ts';
import { allFlags, currentSummary, psnsByRule } from '../helpers/integrity.ts';

/**
 * Each integrity rule and its boundaries (issue #21), as of today in Nigeria: exactly 60 today,
 * 18 on the day of the first appointment, exactly 35 years of service, 1920 and tomorrow for a
 * birth date, a group of three for a shared account; the pay at stake exact to the kobo.
 */
let portal: TestPortal;
let admin: string;

const today = lagosToday();
/** DD/MM/YYYY of today moved by years and days (UTC calendar). */
const day = (years: number, days = 0) => {
  const d = new Date(
    Date.UTC(today.getUTCFullYear() + years, today.getUTCMonth(), today.getUTCDate() + days),
  );
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};
const iso = (dmy: string) => dmy.split('/').reverse().join('-');
const todayIso = iso(day(0));

let n = 0;
const row = (psn: string, r: Partial<PayrollRow> = {}): PayrollRow => ({
  name: `Officer ${psn}`,
  psn,
  nin: String(80000000000 + ++n),
  dob: '15/03/1985',
  dofa: '01/02/2010',
  ...r,
});

const ROWS: PayrollRow[] = [
  row('PSNR60', { dob: day(-60), pay: '₦100,000.00' }),
  row('PSNR59', { dob: day(-60, 1), pay: '₦100,000.01' }),
  row('PSNS35', { dob: day(-55), dofa: day(-35), pay: '250,000.50' }),
  row('PSNS34', { dob: day(-55), dofa: day(-35, 1), pay: '1' }),
  row('PSNU18', { dob: '10/05/2000', dofa: '10/05/2018', pay: '1' }),
  row('PSNU17', { dob: '10/05/2000', dofa: '09/05/2018' }),
  row('PSNIMP1', { dob: '31/12/1919', pay: '50,000' }),
  row('PSNIMP2', { dob: day(0, 1), dofa: '', pay: 'N50,000.00' }),
  row('PSNOLD', { dob: '01/01/1920', dofa: '', pay: '75,000.25' }),
  row('PSNA1', { bank: 'GTBank', account: '0123456785', pay: '120,000' }),
  row('PSNA2', { bank: 'Guaranty Trust Bank Plc', account: '0123456785', pay: '130,000.10' }),
  row('PSNA3', { bank: 'GTB', account: '0123456785', pay: '140,000.20' }),
  // GTB's number at Zenith: another account, and one that cannot exist there (issue #36: the check
  // digit of Zenith's code 057 is 8, not 5).
  row('PSNA4', { bank: 'Zenith Bank', account: '0123456785', pay: '9' }),
  row('PSNB1', { bvn: '22211122233', pay: '200,000' }),
  row('PSNB2', { bvn: '22211122233' }),
  row('PSNN1', { nin: '80000009999', dob: day(-61), pay: '300,000' }),
  row('PSNN2', { nin: '80000009999', pay: '300,000.99' }),
  row('PSNOK', { bank: 'Zenith Bank', account: '1111111115', bvn: '22200000001', pay: '5' }),
];

let summary: IntegritySummary;
let flags: IntegrityFlag[];
const flagOf = (psn: string, rule: string) => flags.find((f) => f.psn === psn && f.rule === rule)!;

beforeAll(async () => {
  portal = await createTestPortal();
  admin = (await createTenantWithAdmin(portal)).token;
  const res = await uploadFile(portal, admin, 'payroll.csv', payrollCsv(ROWS));
  expect(res.statusCode, res.body).toBe(200);
  summary = await currentSummary(portal, admin);
  flags = await allFlags(portal, admin);
});
afterAll(async () => {
  await portal?.close();
});

describe('integrity rules (issue #21)', () => {
  it('flags exactly the records of each rule, at its boundaries', () => {
    expect(psnsByRule(flags)).toEqual({
      PAST_RETIREMENT_AGE: ['PSNN1', 'PSNOLD', 'PSNR60'],
      PAST_SERVICE_LIMIT: ['PSNS35'],
      UNDERAGE_AT_APPOINTMENT: ['PSNU17'],
      IMPLAUSIBLE_BIRTH_DATE: ['PSNIMP1', 'PSNIMP2'],
      SHARED_BANK_ACCOUNT: ['PSNA1', 'PSNA2', 'PSNA3'],
      INVALID_ACCOUNT_NUMBER: ['PSNA4'],
      DUPLICATE_BVN: ['PSNB1', 'PSNB2'],
      DUPLICATE_NIN: ['PSNN1', 'PSNN2'],
    });
  });

  it('counts each rule and the pay at stake exactly to the kobo, and each record once in the totals', () => {
    const byCode = Object.fromEntries(summary.rules.map((r) => [r.code, r]));
    expect(byCode).toEqual({
      PAST_RETIREMENT_AGE: expect.objectContaining({
        flaggedRecords: 3,
        monthlyAmount: 475000.25,
        payUnknownRecords: 0,
      }),
      PAST_SERVICE_LIMIT: expect.objectContaining({
        flaggedRecords: 1,
        monthlyAmount: 250000.5,
        payUnknownRecords: 0,
      }),
      UNDERAGE_AT_APPOINTMENT: expect.objectContaining({
        flaggedRecords: 1,
        monthlyAmount: 0,
        payUnknownRecords: 1,
      }),
      IMPLAUSIBLE_BIRTH_DATE: expect.objectContaining({
        flaggedRecords: 2,
        monthlyAmount: 100000,
        payUnknownRecords: 0,
      }),
      // No record of this tenant is first appointed after today (integrity-future-appointment.test.ts has them).
      FUTURE_APPOINTMENT: expect.objectContaining({
        flaggedRecords: 0,
        monthlyAmount: 0,
        payUnknownRecords: 0,
      }),
      // No salary table here (integrity-pay-above-scale.test.ts has one).
      PAY_ABOVE_SCALE: expect.objectContaining({
        flaggedRecords: 0,
        monthlyAmount: 0,
        payUnknownRecords: 0,
      }),
      // No separations list here (integrity-paid-after-exit.test.ts has one).
      PAID_AFTER_EXIT: expect.objectContaining({
        flaggedRecords: 0,
        monthlyAmount: 0,
        payUnknownRecords: 0,
      }),
      // No nominal roll here (hr-lists-nominal-roll.test.ts has some).
      NOT_ON_NOMINAL_ROLL: expect.objectContaining({
        flaggedRecords: 0,
        monthlyAmount: 0,
        payUnknownRecords: 0,
      }),
      INVALID_ACCOUNT_NUMBER: expect.objectContaining({
        flaggedRecords: 1,
        monthlyAmount: 9,
        payUnknownRecords: 0,
      }),
      // No account check here (account-check.test.ts has them).
      ...Object.fromEntries(
        ['ACCOUNT_NAME_MISMATCH', 'ACCOUNT_NOT_FOUND', 'ACCOUNT_BVN_MISMATCH'].map((code) => [
          code,
          expect.objectContaining({ flaggedRecords: 0, monthlyAmount: 0, payUnknownRecords: 0 }),
        ]),
      ),
      // No other tenant has records here (integrity-on-another-payroll.test.ts has three).
      ON_ANOTHER_PAYROLL: expect.objectContaining({
        flaggedRecords: 0,
        monthlyAmount: 0,
        payUnknownRecords: 0,
      }),
      SHARED_BANK_ACCOUNT: expect.objectContaining({
        flaggedRecords: 3,
        monthlyAmount: 390000.3,
        payUnknownRecords: 0,
      }),
      DUPLICATE_BVN: expect.objectContaining({
        flaggedRecords: 2,
        monthlyAmount: 200000,
        payUnknownRecords: 1,
      }),
      DUPLICATE_NIN: expect.objectContaining({
        flaggedRecords: 2,
        monthlyAmount: 600000.99,
        payUnknownRecords: 0,
      }),
      // No record of this tenant was removed from the payroll (returning-ghost.test.ts has them).
      SHARES_REMOVED_IDENTITY: expect.objectContaining({
        flaggedRecords: 0,
        monthlyAmount: 0,
        payUnknownRecords: 0,
      }),
    });
    expect(summary.rules.map((r) => r.code)).toEqual([
      'PAST_RETIREMENT_AGE',
      'PAST_SERVICE_LIMIT',
      'UNDERAGE_AT_APPOINTMENT',
      'IMPLAUSIBLE_BIRTH_DATE',
      'FUTURE_APPOINTMENT',
      'PAY_ABOVE_SCALE',
      'PAID_AFTER_EXIT',
      'NOT_ON_NOMINAL_ROLL',
      'INVALID_ACCOUNT_NUMBER',
      'ACCOUNT_NAME_MISMATCH',
      'ACCOUNT_NOT_FOUND',
      'ACCOUNT_BVN_MISMATCH',
      'ON_ANOTHER_PAYROLL',
      'SHARED_BANK_ACCOUNT',
      'DUPLICATE_BVN',
      'DUPLICATE_NIN',
      'SHARES_REMOVED_IDENTITY',
    ]);
    expect(summary.rules.every((r) => r.enabled && r.label)).toBe(true);
    // PSNN1 is flagged twice (age and NIN) and counted once.
    expect(summary).toMatchObject({
      status: 'CURRENT',
      asOf: todayIso,
      progress: null,
      flaggedRecords: 14,
      monthlyAmount: 1715011.04,
      payUnknownRecords: 2,
      byMinistry: [
        {
          ministry: 'Ministry of Health',
          flaggedRecords: 14,
          monthlyAmount: 1715011.04,
          payUnknownRecords: 2,
        },
      ],
    });
    expect(summary.evaluatedAt).toEqual(expect.any(String));
  });

  it('says why: the age and dates used, the appointment age, the other records of the group', () => {
    expect(flagOf('PSNR60', 'PAST_RETIREMENT_AGE')).toMatchObject({
      fullName: 'Officer PSNR60',
      ministry: 'Ministry of Health',
      department: 'Nursing Services',
      status: 'OPEN',
      monthlyAmount: 100000,
      decision: null,
      evidence: {
        kind: 'AGE',
        age: 60,
        dateOfBirth: iso(day(-60)),
        dateOfBirthSource: 'UPLOAD',
        asOf: todayIso,
        retirementAge: 60,
      },
    });
    expect(flagOf('PSNOLD', 'PAST_RETIREMENT_AGE').evidence).toMatchObject({ dateOfBirth: '1920-01-01' });
    expect(flagOf('PSNS35', 'PAST_SERVICE_LIMIT').evidence).toEqual({
      kind: 'SERVICE',
      dateOfFirstAppointment: iso(day(-35)),
      yearsOfService: 35,
      asOf: todayIso,
      serviceLimit: 35,
    });
    expect(flagOf('PSNU17', 'UNDERAGE_AT_APPOINTMENT')).toMatchObject({
      monthlyAmount: null,
      evidence: {
        kind: 'APPOINTMENT_AGE',
        dateOfBirth: '2000-05-10',
        dateOfFirstAppointment: '2018-05-09',
        ageAtAppointment: 17,
      },
    });
    expect(flagOf('PSNIMP1', 'IMPLAUSIBLE_BIRTH_DATE').evidence).toMatchObject({
      problem: 'BEFORE_1920',
      dateOfBirth: '1919-12-31',
    });
    expect(flagOf('PSNIMP2', 'IMPLAUSIBLE_BIRTH_DATE').evidence).toMatchObject({ problem: 'IN_FUTURE' });
    const a1 = flagOf('PSNA1', 'SHARED_BANK_ACCOUNT');
    expect(a1.evidence).toMatchObject({
      kind: 'GROUP',
      field: 'BANK_ACCOUNT',
      bank: 'GTBank',
      // A flags page masks the shared number (issue #31 item 3).
      accountNumber: '••••6785',
      value: '••••6785',
      groupSize: 3,
    });
    expect(a1.evidence.kind === 'GROUP' && a1.evidence.others.map((o) => [o.psn, o.fullName])).toEqual([
      ['PSNA2', 'Officer PSNA2'],
      ['PSNA3', 'Officer PSNA3'],
    ]);
    expect(flagOf('PSNB2', 'DUPLICATE_BVN').evidence).toMatchObject({
      field: 'BVN',
      value: '••••2233',
      groupSize: 2,
    });
  });

  it('lists largest pay first, filters by rule, ministry and status, and refuses an unknown rule', async () => {
    expect(flags.map((f) => f.monthlyAmount)).toEqual(
      [...flags.map((f) => f.monthlyAmount)].sort((a, b) => (b ?? -1) - (a ?? -1)),
    );
    const shared = await allFlags(portal, admin, '&rule=SHARED_BANK_ACCOUNT&rule=DUPLICATE_BVN');
    expect(new Set(shared.map((f) => f.rule))).toEqual(new Set(['SHARED_BANK_ACCOUNT', 'DUPLICATE_BVN']));
    expect(shared).toHaveLength(5);
    expect(await allFlags(portal, admin, '&ministry=Ministry%20of%20Health')).toHaveLength(flags.length);
    expect(await allFlags(portal, admin, '&ministry=Ministry%20of%20Nothing')).toEqual([]);
    expect(await allFlags(portal, admin, '&status=DISMISSED')).toEqual([]);
    const page = await portal.api.get('/api/v1/integrity/flags?pageSize=2&page=2', { token: admin });
    expect(page.json()).toMatchObject({
      total: flags.length,
      page: 2,
      pageSize: 2,
      items: [flags[2], flags[3]],
    });
    const bad = await portal.api.get('/api/v1/integrity/flags?rule=GHOSTS', { token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Unknown rule');
  });

  it('evaluates again after an edit that changes a date: the flag follows the evidence', async () => {
    const r59 = (await portal.api.get('/api/v1/records?pageSize=100', { token: admin }))
      .json()
      .items.find((r: { psn: string }) => r.psn === 'PSNR59');
    const res = await portal.api.put(`/api/v1/records/${r59.id}`, {
      token: admin,
      body: {
        fullName: r59.fullName,
        department: r59.department,
        ministry: r59.ministry,
        dateOfBirth: iso(day(-62)),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await currentSummary(portal, admin, summary.evaluatedAt);
    expect(after.rules.find((r) => r.code === 'PAST_RETIREMENT_AGE')).toMatchObject({
      flaggedRecords: 4,
      monthlyAmount: 575000.26,
    });
    const flag = (await allFlags(portal, admin, '&rule=PAST_RETIREMENT_AGE')).find(
      (f) => f.psn === 'PSNR59',
    )!;
    expect(flag.evidence).toMatchObject({ age: 62, dateOfBirth: iso(day(-62)) });
  });

  it('switches each group rule apart, though the three are found in one pass (DECISIONS 300)', async () => {
    const groups = async () => {
      const all = await allFlags(
        portal,
        admin,
        '&rule=SHARED_BANK_ACCOUNT&rule=DUPLICATE_BVN&rule=DUPLICATE_NIN',
      );
      return psnsByRule(all);
    };
    const before = await groups();
    expect(Object.keys(before).sort()).toEqual(['DUPLICATE_BVN', 'DUPLICATE_NIN', 'SHARED_BANK_ACCOUNT']);
    let at = (await currentSummary(portal, admin)).evaluatedAt;
    const setRules = async (rules: Record<string, boolean>) => {
      const res = await portal.api.put('/api/v1/tenant-admin/settings', {
        token: admin,
        body: { integrity: { rules } },
      });
      expect(res.statusCode, res.body).toBe(200);
      const s = await currentSummary(portal, admin, at);
      at = s.evaluatedAt;
      return s;
    };
    const off = await setRules({ SHARED_BANK_ACCOUNT: false, DUPLICATE_NIN: false });
    expect(await groups()).toEqual({ DUPLICATE_BVN: before.DUPLICATE_BVN });
    expect(off.rules.find((r) => r.code === 'DUPLICATE_NIN')).toMatchObject({
      enabled: false,
      flaggedRecords: 0,
    });
    await setRules({ SHARED_BANK_ACCOUNT: true, DUPLICATE_NIN: true, DUPLICATE_BVN: false });
    expect(await groups()).toEqual({
      SHARED_BANK_ACCOUNT: before.SHARED_BANK_ACCOUNT,
      DUPLICATE_NIN: before.DUPLICATE_NIN,
    });
    await setRules({ DUPLICATE_BVN: true });
    expect(await groups()).toEqual(before);
  });
});
