import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrityFlag, IntegritySummary } from '@portal/contract/integrity';
import { nubanOf } from '@portal/contract/nuban';
import type { TenantSettingsView } from '@portal/contract/settings';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { buildUserInput } from '../helpers/factories.ts';
import { DEMO_ADMIN } from '../helpers/test-portal.ts';
import { uploadFile } from '../helpers/uploads.ts';
import { payrollCsv, type PayrollRow } from '../helpers/payroll-lists.ts';
import {
  allFlags,
  currentSummary,
  decide,
  psnsByRule,
  recordByPsn,
  ruleIn,
  summaryAfterEachRun,
} from '../helpers/integrity.ts';

/**
 * INVALID_ACCOUNT_NUMBER (issue #36 item 1): an account number that fails the NUBAN check digit of
 * the bank the record names, by the bank's CBN code (the table cbn-banks.csv), whatever the name's
 * spelling. A bank the table does not know, or one whose numbers carry no check digit, is not
 * judged. The pay at stake, the edit that clears it, the dismissal memory, the switch, the
 * tenant's own records, and who may read the flags.
 */
let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;

const RULE = 'INVALID_ACCOUNT_NUMBER';
/** A number whose check digit is wrong for `code`: the right one plus 1 (mod 10). */
const wrong = (code: string, serial: string) => {
  const n = nubanOf(code, serial);
  return { number: `${serial}${(Number(n[9]) + 1) % 10}`, expected: Number(n[9]) };
};
const X1 = wrong('058', '123456789');
const X2 = wrong('011', '300000001');
const X3 = wrong('057', '210987654');
const B1 = wrong('057', '555555555');

let nin = 87000000000;
const row = (psn: string, bank: string, account: string, pay = ''): PayrollRow => ({
  name: `Officer ${psn}`,
  psn,
  nin: String(++nin),
  dob: '15/03/1985',
  dofa: '01/02/2010',
  bank,
  account,
  pay,
});

const A_ROWS: PayrollRow[] = [
  row('PSNV1', 'GTBank', nubanOf('058', '123456780'), '90,000'),
  row('PSNV2', 'Access Bank', nubanOf('044', '001024678'), '90,000'),
  // Diamond's accounts kept their numbers when Access took the bank over: its code 063 judges them.
  row('PSNV3', 'Diamond Bank', nubanOf('063', '012345678'), '90,000'),
  row('PSNX1', 'Guaranty Trust Bank Plc', X1.number, '120,000'),
  row('PSNX2', 'FBN', X2.number),
  row('PSNX3', 'Zenith', X3.number, '250,000.50'),
  // Not judged: a bank the table does not know; a wallet numbered from a phone number.
  row('PSNU1', 'Bank of Nowhere', '1234567890', '70,000'),
  row('PSNU2', 'Opay', '8031234567', '70,000'),
  // Another rule's flag beside them, for the rule filter.
  { ...row('PSNR60', 'UBA', nubanOf('033', '101804472'), '10,000'), dob: '01/01/1950' },
];
const B_ROWS: PayrollRow[] = [row('PSNB1', 'Zenith Bank Plc', B1.number, '95,000')];

/** Tenant a's summary after a run that ended since the previous call of this. */
const evaluated = summaryAfterEachRun(
  () => portal,
  () => a.token,
);
const ruleOf = (s: IntegritySummary) => ruleIn(s, RULE);
const ruleFlags = (token = a.token, query = '') => allFlags(portal, token, `&rule=${RULE}${query}`);
const flagOf = async (psn: string, query = '') =>
  (await ruleFlags(a.token, query)).find((f) => f.psn === psn);
const recordOf = (psn: string) => recordByPsn(portal, a.token, psn);
/** Corrects a record's bank and account number through the records' edit. */
async function setAccount(psn: string, bank: string, accountNumber: string) {
  const r = await recordOf(psn);
  const res = await portal.api.put(`/api/v1/records/${r.id}`, {
    token: a.token,
    body: { fullName: r.fullName, department: r.department, ministry: r.ministry, bank, accountNumber },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  portal = await createTestPortal();
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  for (const [t, rows] of [
    [a, A_ROWS],
    [b, B_ROWS],
  ] as const) {
    const res = await uploadFile(portal, t.token, 'payroll.csv', payrollCsv(rows));
    expect(res.statusCode, res.body).toBe(200);
  }
  await evaluated();
  await currentSummary(portal, b.token);
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

describe('INVALID_ACCOUNT_NUMBER (issue #36)', () => {
  it('flags a number that fails its bank’s check digit, the bank as written, with the digits', async () => {
    const flags = await ruleFlags();
    expect(flags.map((f) => f.psn).sort()).toEqual(['PSNX1', 'PSNX2', 'PSNX3']);
    const x1 = flags.find((f) => f.psn === 'PSNX1')!;
    expect(x1).toMatchObject({ rule: RULE, status: 'OPEN', monthlyAmount: 120000, decision: null });
    expect(x1.evidence).toEqual({
      kind: 'ACCOUNT_NUMBER',
      bank: 'Guaranty Trust Bank Plc',
      bankName: 'Guaranty Trust Bank',
      bankCode: '058',
      // Masked as in a records list: the check digit written is the last one shown.
      accountNumber: `••••${X1.number.slice(-4)}`,
      problem: 'CHECK_DIGIT',
      length: null,
      expectedCheckDigit: X1.expected,
      actualCheckDigit: (X1.expected + 1) % 10,
    });
    expect(flags.find((f) => f.psn === 'PSNX2')).toMatchObject({
      monthlyAmount: null,
      evidence: {
        bank: 'FBN',
        bankName: 'First Bank of Nigeria',
        bankCode: '011',
        expectedCheckDigit: X2.expected,
      },
    });
    // No answer carries the whole number.
    expect(JSON.stringify(flags)).not.toContain(X1.number);
  });

  it("counts the records and the pay at stake, in the rule's figures and the totals", async () => {
    const s = await currentSummary(portal, a.token);
    expect(ruleOf(s)).toEqual({
      code: RULE,
      label: 'Account number that cannot exist',
      enabled: true,
      flaggedRecords: 3,
      monthlyAmount: 370000.5,
      payUnknownRecords: 1,
    });
    // PSNR60 (past retirement age) beside them.
    expect(s).toMatchObject({ flaggedRecords: 4, monthlyAmount: 380000.5, payUnknownRecords: 1 });
  });

  it('lists the rule alone with ?rule=, and finds its flags by the search', async () => {
    expect(psnsByRule(await allFlags(portal, a.token))).toEqual({
      [RULE]: ['PSNX1', 'PSNX2', 'PSNX3'],
      PAST_RETIREMENT_AGE: ['PSNR60'],
    });
    expect(new Set((await ruleFlags()).map((f) => f.rule))).toEqual(new Set([RULE]));
    expect((await ruleFlags(a.token, '&q=PSNX3')).map((f) => f.psn)).toEqual(['PSNX3']);
  });

  it("judges another tenant by its own records; neither sees nor decides the other's flags", async () => {
    const theirs = await allFlags(portal, b.token);
    expect(theirs.map((f) => [f.psn, f.rule, f.evidence.kind])).toEqual([['PSNB1', RULE, 'ACCOUNT_NUMBER']]);
    expect(ruleOf(await currentSummary(portal, b.token))).toMatchObject({
      flaggedRecords: 1,
      monthlyAmount: 95000,
    });
    expect((await ruleFlags()).some((f) => f.psn?.startsWith('PSNB'))).toBe(false);
    const ours = (await flagOf('PSNX1'))!;
    expect(
      (await decide(portal, b.token, ours.id, { decision: 'DISMISS', reasonCode: 'DATA_ERROR' })).statusCode,
    ).toBe(404);
    expect((await flagOf('PSNX1'))?.status).toBe('OPEN');
  });

  it('refuses the flags and the summary to roles other than tenant admin and reviewer', async () => {
    const admin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    for (const role of ['TENANT_MANAGER', 'TENANT_USER']) {
      const user = buildUserInput(a.tenant.id, { role });
      const reg = await portal.api.post('/api/v1/auth/register', { token: admin, body: user });
      expect(reg.statusCode, reg.body).toBe(201);
      const token = await portal.login(user.email, user.password);
      for (const path of [`/api/v1/integrity/flags?rule=${RULE}`, '/api/v1/integrity/summary'])
        expect((await portal.api.get(path, { token })).statusCode, `${role} ${path}`).toBe(403);
    }
    expect((await portal.api.get(`/api/v1/integrity/flags?rule=${RULE}`, { token: admin })).statusCode).toBe(
      403,
    );
  });

  it('clears the flag when the number or the bank is corrected through the edit', async () => {
    await setAccount('PSNX3', 'Zenith', nubanOf('057', '210987654'));
    // PSNX2's number is valid at Zenith, not at First Bank: the bank was the slip.
    const serial = X2.number.slice(0, 9);
    await setAccount('PSNX2', 'Zenith Bank', nubanOf('057', serial));
    const s = await evaluated();
    expect((await ruleFlags()).map((f) => f.psn)).toEqual(['PSNX1']);
    expect(ruleOf(s)).toMatchObject({ flaggedRecords: 1, monthlyAmount: 120000, payUnknownRecords: 0 });
  });

  it('a dismissal holds for the same number; another wrong number raises the flag again', async () => {
    const flag = (await flagOf('PSNX1'))!;
    const res = await decide(portal, a.token, flag.id, { decision: 'DISMISS', reasonCode: 'DATA_ERROR' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await portal.api.post('/api/v1/integrity/evaluate', { token: a.token })).statusCode).toBe(202);
    await evaluated();
    expect(await flagOf('PSNX1')).toBeUndefined();
    expect(await flagOf('PSNX1', '&status=DISMISSED')).toMatchObject({ id: flag.id });

    const other = wrong('058', '987654321');
    await setAccount('PSNX1', 'GTBank', other.number);
    await evaluated();
    const again = await flagOf('PSNX1');
    expect(again).toMatchObject({
      status: 'OPEN',
      evidence: { bank: 'GTBank', expectedCheckDigit: other.expected },
    });
    expect(again!.id).not.toBe(flag.id);
  });

  it("is switched off and on by the tenant's setting, for that tenant only", async () => {
    const off = await portal.api.put('/api/v1/tenant-admin/settings', {
      token: a.token,
      body: { integrity: { rules: { [RULE]: false } } },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((off.json() as TenantSettingsView).integrity.rules[RULE]).toBe(false);
    const s = await evaluated();
    expect(ruleOf(s)).toMatchObject({ enabled: false, flaggedRecords: 0, monthlyAmount: 0 });
    expect(await ruleFlags()).toEqual([]);
    const theirs: IntegrityFlag[] = await ruleFlags(b.token);
    expect(theirs.map((f) => f.psn)).toEqual(['PSNB1']);

    const on = await portal.api.put('/api/v1/tenant-admin/settings', {
      token: a.token,
      body: { integrity: { rules: { [RULE]: true } } },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(ruleOf(await evaluated())).toMatchObject({ enabled: true, flaggedRecords: 1 });
    expect((await ruleFlags()).map((f) => f.psn)).toEqual(['PSNX1']);
  });
});
