import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrityFlag, IntegritySummary } from '@portal/contract/integrity';
import type { TenantSettingsView } from '@portal/contract/settings';
import { dayIn } from '@portal/contract/time-zone';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
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
 * FUTURE_APPOINTMENT (issue #35): a record first appointed after today, today being the day in the
 * tenant's time zone that every date rule is evaluated as of. Appointed today is not flagged,
 * tomorrow is; the pay at stake, the dismissal memory, the switch and the tenant's own records and
 * day as for every rule.
 */
let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;

const RULE = 'FUTURE_APPOINTMENT';
/**
 * Tenant b's zone: a calendar day other than Lagos's right now (as tenant-time-zone.test.ts picks
 * it), so a rule judging by Lagos's day, or the server's, would flag other records of b.
 */
const hour = new Date().getUTCHours();
const ZONE = hour >= 11 && hour < 23 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';

/** YYYY-MM-DD `days` days after `iso`. */
const plus = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const dmy = (iso: string) => iso.split('-').reverse().join('/');
const TODAY = dayIn(Date.now(), 'Africa/Lagos');
const ZONE_TODAY = dayIn(Date.now(), ZONE);

const row = (psn: string, nin: number, dofa: string, pay = ''): PayrollRow => ({
  name: `Officer ${psn}`,
  psn,
  nin: String(nin),
  dob: '15/03/1985',
  dofa: dmy(dofa),
  pay,
});

const A_ROWS: PayrollRow[] = [
  row('PSNF0', 85000000001, TODAY, '100,000'),
  row('PSNF1', 85000000002, plus(TODAY, 1), '250,000.50'),
  row('PSNF2', 85000000003, plus(TODAY, 365)),
  row('PSNF3', 85000000004, plus(TODAY, 30), '50,000'),
  row('PSNF4', 85000000005, plus(TODAY, 60), '75,000.25'),
  row('PSNFPAST', 85000000006, plus(TODAY, -1), '80,000'),
  // Another rule's flag beside them, for the rule filter.
  { ...row('PSNR60', 85000000007, '2010-02-01', '120,000'), dob: '01/01/1950' },
];
const B_ROWS: PayrollRow[] = [
  row('PSNB0', 86000000001, ZONE_TODAY, '90,000'),
  row('PSNB1', 86000000002, plus(ZONE_TODAY, 1), '95,000'),
];

/** Tenant a's summary after a run that ended since the previous call of this. */
const evaluated = summaryAfterEachRun(
  () => portal,
  () => a.token,
);
const ruleOf = (s: IntegritySummary) => ruleIn(s, RULE);
const futureFlags = (token = a.token, query = '') => allFlags(portal, token, `&rule=${RULE}${query}`);
const flagOf = async (psn: string, query = '') =>
  (await futureFlags(a.token, query)).find((f) => f.psn === psn);
const recordOf = (psn: string) => recordByPsn(portal, a.token, psn);
/** Corrects a record's date of first appointment through the records' edit. */
async function setFirstAppointment(psn: string, iso: string) {
  const r = await recordOf(psn);
  const res = await portal.api.put(`/api/v1/records/${r.id}`, {
    token: a.token,
    body: {
      fullName: r.fullName,
      department: r.department,
      ministry: r.ministry,
      dateOfFirstAppointment: iso,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  portal = await createTestPortal();
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  const zone = await portal.api.put('/api/v1/tenant-admin/settings', {
    token: b.token,
    body: { timeZone: ZONE },
  });
  expect(zone.statusCode, zone.body).toBe(200);
  for (const [t, rows] of [
    [a, A_ROWS],
    [b, B_ROWS],
  ] as const) {
    const res = await uploadFile(portal, t.token, 'payroll.csv', payrollCsv(rows));
    expect(res.statusCode, res.body).toBe(200);
  }
  await evaluated();
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

describe('FUTURE_APPOINTMENT (issue #35)', () => {
  it('flags a first appointment tomorrow or later, not today nor before, with the dates it used', async () => {
    const flags = await futureFlags();
    expect(flags.map((f) => f.psn).sort()).toEqual(['PSNF1', 'PSNF2', 'PSNF3', 'PSNF4']);
    const f1 = flags.find((f) => f.psn === 'PSNF1')!;
    expect(f1).toMatchObject({
      rule: RULE,
      status: 'OPEN',
      monthlyAmount: 250000.5,
      decision: null,
      evidence: { kind: 'APPOINTMENT_DATE', dateOfFirstAppointment: plus(TODAY, 1), asOf: TODAY },
    });
    expect(Object.keys(f1.evidence).sort()).toEqual(['asOf', 'dateOfFirstAppointment', 'kind']);
    expect(flags.find((f) => f.psn === 'PSNF2')).toMatchObject({ monthlyAmount: null });
  });

  it("counts the records and the pay at stake, in the rule's figures and the totals", async () => {
    const s = await currentSummary(portal, a.token);
    expect(s.asOf).toBe(TODAY);
    expect(ruleOf(s)).toEqual({
      code: RULE,
      label: 'Appointed in the future',
      enabled: true,
      flaggedRecords: 4,
      monthlyAmount: 375000.75,
      payUnknownRecords: 1,
    });
    // PSNR60 (past retirement age) beside them.
    expect(s).toMatchObject({ flaggedRecords: 5, monthlyAmount: 495000.75, payUnknownRecords: 1 });
  });

  it('lists the rule alone with ?rule=, and with another rule when both are asked for', async () => {
    expect(psnsByRule(await allFlags(portal, a.token))).toEqual({
      FUTURE_APPOINTMENT: ['PSNF1', 'PSNF2', 'PSNF3', 'PSNF4'],
      PAST_RETIREMENT_AGE: ['PSNR60'],
    });
    expect(new Set((await futureFlags()).map((f) => f.rule))).toEqual(new Set([RULE]));
    expect(await allFlags(portal, a.token, `&rule=${RULE},PAST_RETIREMENT_AGE`)).toHaveLength(5);
  });

  it("judges another tenant by its own day and records; neither sees the other's flags", async () => {
    const s = await currentSummary(portal, b.token);
    expect(s.asOf).toBe(ZONE_TODAY);
    expect(s.asOf).not.toBe(TODAY);
    const theirs = await allFlags(portal, b.token);
    expect(theirs.map((f) => [f.psn, f.rule, f.evidence])).toEqual([
      [
        'PSNB1',
        RULE,
        { kind: 'APPOINTMENT_DATE', dateOfFirstAppointment: plus(ZONE_TODAY, 1), asOf: ZONE_TODAY },
      ],
    ]);
    expect(ruleOf(s)).toMatchObject({ flaggedRecords: 1, monthlyAmount: 95000 });
    expect((await futureFlags()).some((f) => f.psn?.startsWith('PSNB'))).toBe(false);
    const ours = (await flagOf('PSNF1'))!;
    expect(
      (await decide(portal, b.token, ours.id, { decision: 'DISMISS', reasonCode: 'DATA_ERROR' })).statusCode,
    ).toBe(404);
    expect((await flagOf('PSNF1'))?.status).toBe('OPEN');
  });

  it('a dismissal holds for the same date; another date raises the flag again', async () => {
    const flag = (await flagOf('PSNF4'))!;
    const res = await decide(portal, a.token, flag.id, { decision: 'DISMISS', reasonCode: 'DATA_ERROR' });
    expect(res.statusCode, res.body).toBe(200);
    expect(ruleOf(await currentSummary(portal, a.token)).flaggedRecords).toBe(3);
    expect((await portal.api.post('/api/v1/integrity/evaluate', { token: a.token })).statusCode).toBe(202);
    await evaluated();
    expect(await flagOf('PSNF4')).toBeUndefined();
    expect(await flagOf('PSNF4', '&status=DISMISSED')).toMatchObject({ id: flag.id });

    await setFirstAppointment('PSNF4', plus(TODAY, 90));
    await evaluated();
    const again = await flagOf('PSNF4');
    expect(again).toMatchObject({ status: 'OPEN', evidence: { dateOfFirstAppointment: plus(TODAY, 90) } });
    expect(again!.id).not.toBe(flag.id);
  });

  it('clears the flag when the record is corrected to today or a past date', async () => {
    await setFirstAppointment('PSNF3', plus(TODAY, -400));
    await setFirstAppointment('PSNF1', TODAY);
    const s = await evaluated();
    expect((await futureFlags()).map((f) => f.psn).sort()).toEqual(['PSNF2', 'PSNF4']);
    expect(ruleOf(s)).toMatchObject({ flaggedRecords: 2, monthlyAmount: 75000.25, payUnknownRecords: 1 });
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
    expect(await futureFlags()).toEqual([]);
    expect(await allFlags(portal, a.token)).toHaveLength(1);
    const theirs: IntegrityFlag[] = await futureFlags(b.token);
    expect(theirs.map((f) => f.psn)).toEqual(['PSNB1']);

    const on = await portal.api.put('/api/v1/tenant-admin/settings', {
      token: a.token,
      body: { integrity: { rules: { [RULE]: true } } },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(ruleOf(await evaluated())).toMatchObject({ enabled: true, flaggedRecords: 2 });
    expect((await futureFlags()).map((f) => f.psn).sort()).toEqual(['PSNF2', 'PSNF4']);
  });
});
