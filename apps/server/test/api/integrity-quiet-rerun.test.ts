import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '@portal/contract/time-zone';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { uploadFile } from '../helpers/uploads.ts';
import { csv, hrListUploadUrl } from '../helpers/hr-lists.ts';
import { payrollCsv, type PayrollRow } from '../helpers/payroll-lists.ts';
import { allFlags, psnsByRule, summaryAfterEachRun } from '../helpers/integrity.ts';

/**
 * An evaluation that finds what the last one found writes no flag row (the rules' merge compares
 * its findings with the flags first): not the flags of the rules that found nothing new, and not
 * the flags left as they were when one rule finds one more record. Each flag row's xmin (the
 * transaction that wrote it) and xmax (the last that updated, deleted or locked it) tell.
 */
let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;

const TODAY = dayIn(Date.now(), 'Africa/Lagos');
const plus = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const HEALTH = 'Ministry of Health';
const row = (psn: string, nin: string, r: Partial<PayrollRow> = {}): PayrollRow => ({
  name: `Officer ${psn}`,
  psn,
  nin,
  ministry: HEALTH,
  dob: '15/03/1985',
  dofa: '01/02/2010',
  pay: '100,000',
  ...r,
});
const MASTER: PayrollRow[] = [
  row('PSNQ1', '86000000001', { dob: '01/01/1950' }),
  row('PSNQ2', '86000000002', { bvn: '22255500001' }),
  row('PSNQ3', '86000000003', { bvn: '22255500001' }),
  row('PSNQ4', '86000000004'),
  row('PSNQ5', '86000000005'),
  row('PSNQ6', '86000000006'),
  // Removed from the payroll below; PSNQ7 shares its NIN.
  row('PSNQX', '86000000099'),
  row('PSNQ7', '86000000099'),
];
const separations = (lines: string[]) =>
  csv(['Staff No,NIN,Full Name,Date of Exit,Reason for Exit,Ref No', ...lines]);
const LEAVERS = [`PSNQ4,,Officer PSNQ4,${plus(TODAY, -30)},Death,HR/Q/4`];
// PSNQ6 is not on Health's roll.
const ROLL = csv([
  'PSN,NIN,Full Name,Ministry,Department,Grade Level',
  ...['PSNQ1', 'PSNQ2', 'PSNQ3', 'PSNQ4', 'PSNQ5', 'PSNQ7'].map(
    (psn) => `${psn},,Officer ${psn},${HEALTH},Nursing,GL 08`,
  ),
]);

/** Tenant a's summary after a run that ended since the previous call of this. */
const evaluated = summaryAfterEachRun(
  () => portal,
  () => a.token,
);
const upload = async (
  path: 'separations' | 'nominal-roll',
  content: string,
  fields?: Record<string, string>,
) => {
  const res = await uploadFile(portal, a.token, `${path}.csv`, content, {
    url: hrListUploadUrl(path),
    fields,
  });
  expect(res.statusCode, res.body).toBe(200);
};
/** Each of tenant a's flag rows: its id and rule with the transactions that last wrote or locked it. */
const rows = async () =>
  (
    await portal.db.orm.execute<{ id: string; rule: string; xmin: string; xmax: string }>(sql`
      select id::text, rule, xmin::text as xmin, xmax::text as xmax from integrity_flags
      where tenant_id = ${a.tenant.id} order by id`)
  ).rows;

beforeAll(async () => {
  portal = await createTestPortal();
  a = await createTenantWithAdmin(portal);
  const res = await uploadFile(portal, a.token, 'payroll.csv', payrollCsv(MASTER));
  expect(res.statusCode, res.body).toBe(200);
  await evaluated();
  await portal.db.orm.execute(
    sql`update records set status = 'REJECTED' where tenant_id = ${a.tenant.id} and psn = 'PSNQX'`,
  );
  // A change written behind the portal's back asks for a run as the portal's own writers do (a list's
  // upload below asks for its own rule alone, DECISIONS 304).
  await portal.api.post('/api/v1/integrity/evaluate', { token: a.token });
  await upload('separations', separations(LEAVERS));
  await evaluated();
  await upload('nominal-roll', ROLL, { asOf: plus(TODAY, -1) });
  await evaluated();
}, 180_000);
afterAll(async () => {
  await portal?.close();
});

describe('integrity: a run that finds the same flags writes nothing', () => {
  it('leaves every flag row untouched when nothing changed', async () => {
    expect(psnsByRule(await allFlags(portal, a.token))).toEqual({
      PAST_RETIREMENT_AGE: ['PSNQ1'],
      DUPLICATE_BVN: ['PSNQ2', 'PSNQ3'],
      SHARES_REMOVED_IDENTITY: ['PSNQ7'],
      PAID_AFTER_EXIT: ['PSNQ4'],
      NOT_ON_NOMINAL_ROLL: ['PSNQ6'],
    });
    const before = await rows();
    expect(before).toHaveLength(6);
    const res = await portal.api.post('/api/v1/integrity/evaluate', { token: a.token });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await evaluated();
    expect(await rows()).toEqual(before);
  });

  it('writes only the flag a changed list raises', async () => {
    const before = await rows();
    await upload(
      'separations',
      separations([...LEAVERS, `PSNQ5,,Officer PSNQ5,${plus(TODAY, -2)},Retired,`]),
    );
    await evaluated();
    const after = await rows();
    expect(after).toHaveLength(before.length + 1);
    // The rows there before are as they were: the same transaction wrote them, none locked them.
    expect(after.filter((r) => before.some((b) => b.id === r.id))).toEqual(before);
    expect(after.find((r) => !before.some((b) => b.id === r.id))).toMatchObject({ rule: 'PAID_AFTER_EXIT' });
  });
});
