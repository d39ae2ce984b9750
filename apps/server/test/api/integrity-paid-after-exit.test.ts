import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrityFlag } from '@portal/contract/integrity';
import { dayIn } from '@portal/contract/time-zone';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { uploadFile } from '../helpers/uploads.ts';
import { exportNow } from '../helpers/exports.ts';
import { payrollCsv, type PayrollRow } from '../helpers/payroll-lists.ts';
import { allFlags, currentSummary, summaryAfterEachRun } from '../helpers/integrity.ts';
import { setSecondApprover } from '../helpers/four-eyes.ts';
import { RULE_STEPS } from '../../src/modules/integrity/rules.repo.ts';
import { asPlatform } from '../../src/platform/tenant-context.ts';

/**
 * PAID_AFTER_EXIT (issue #35): a person on the master list with a monthly pay whose exit date on the
 * separations list has passed, matched by PSN else NIN; the evidence names the reason, the exit
 * date and the approved exports after it that carried the record, and the recoverable amount.
 */
const RULE = 'PAID_AFTER_EXIT';
let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;

const plus = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const TODAY = dayIn(Date.now(), 'Africa/Lagos');

const row = (psn: string, nin: string, pay = '100,000'): PayrollRow => ({
  name: `Officer ${psn}`,
  psn,
  nin,
  dob: '15/03/1985',
  dofa: '01/02/2010',
  pay,
});
const MASTER: PayrollRow[] = [
  row('PSNX1', '87000000001', '100,000'),
  row('PSNX2', '87000000002', '50,000.50'),
  row('PSNX3', '87000000003'),
  row('PSNX4', '87000000004'),
  row('PSNX5', '87000000005', ''),
  row('PSNX6', '87000000006'),
];
const separationsCsv = (lines: string[]) =>
  `Staff No,NIN,Full Name,Date of Exit,Reason for Exit,Ref No\r\n${lines.join('\r\n')}\r\n`;
const SEPARATIONS = [
  `PSNX1,,Officer PSNX1,${plus(TODAY, -1)},Death,HR/D/1`,
  // By NIN: the list has no PSN for this person.
  `,87000000002,Officer PSNX2,${plus(TODAY, -60)},Retired,`,
  `PSNX3,,Officer PSNX3,${TODAY},Resigned,`,
  `PSNX4,,Officer PSNX4,${plus(TODAY, 1)},Resigned,`,
  // No monthly pay on the master list: nothing at stake.
  `PSNX5,,Officer PSNX5,${plus(TODAY, -10)},Dismissed,`,
  // The same NIN under another PSN is another person.
  `PSNZZ,87000000006,Someone Else,${plus(TODAY, -10)},Retired,`,
];

const aEvaluated = summaryAfterEachRun(
  () => portal,
  () => a.token,
);
/** The summary once the rules ran after the last change (tenant a's runs follow each other). */
const evaluated = (token = a.token) => (token === a.token ? aEvaluated() : currentSummary(portal, token));
const flags = (token = a.token) => allFlags(portal, token, `&rule=${RULE}`);
const uploadSeparations = (token: string, lines: string[]) =>
  uploadFile(portal, token, 'separations.csv', separationsCsv(lines), {
    url: '/api/v1/hr-lists/separations/upload',
  });

beforeAll(async () => {
  portal = await createTestPortal();
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  for (const t of [a, b]) {
    const res = await uploadFile(portal, t.token, 'payroll.csv', payrollCsv(MASTER));
    expect(res.statusCode, res.body).toBe(200);
  }
  await evaluated();
  // Tenant a's records are on the payroll and two approved exports carried them.
  await portal.db.orm.execute(sql`update records set status = 'VALIDATED' where tenant_id = ${a.tenant.id}`);
  for (let i = 0; i < 2; i++) expect((await exportNow(portal, a.token)).status).toBe('COMPLETED');
  const res = await uploadSeparations(a.token, SEPARATIONS);
  expect(res.statusCode, res.body).toBe(200);
  await evaluated();
}, 180_000);
afterAll(async () => {
  await portal?.close();
});

describe('PAID_AFTER_EXIT (issue #35)', () => {
  it('flags a paid person whose exit date has passed, by PSN or NIN, with the exports since and the recoverable pay', async () => {
    const found = await flags();
    expect(found.map((f) => f.psn).sort()).toEqual(['PSNX1', 'PSNX2']);
    const x1 = found.find((f) => f.psn === 'PSNX1')!;
    expect(x1).toMatchObject({
      rule: RULE,
      status: 'OPEN',
      monthlyAmount: 100000,
      evidence: {
        kind: 'EXIT',
        exitDate: plus(TODAY, -1),
        exitReason: 'DECEASED',
        reference: 'HR/D/1',
        matchedBy: 'PSN',
        asOf: TODAY,
        recoverableAmount: 200000,
      },
    });
    expect((x1.evidence as Extract<IntegrityFlag['evidence'], { kind: 'EXIT' }>).exports).toHaveLength(2);
    expect(found.find((f) => f.psn === 'PSNX2')!.evidence).toMatchObject({
      exitReason: 'RETIRED',
      matchedBy: 'NIN',
      recoverableAmount: 100001,
    });
  });

  it("counts the records, the pay at stake and the recoverable pay in the rule's figures and the totals", async () => {
    const s = await currentSummary(portal, a.token);
    expect(s.rules.find((r) => r.code === RULE)).toMatchObject({
      flaggedRecords: 2,
      monthlyAmount: 150000.5,
      recoverableAmount: 300001,
    });
    // The totals carry it too; no other rule has one.
    expect(s.recoverableAmount).toBe(300001);
    expect(s.rules.filter((r) => r.recoverableAmount !== undefined).map((r) => r.code)).toEqual([RULE]);
  });

  it('a tenant whose payroll was never exported: flagged, nothing recoverable; tenants apart', async () => {
    // Tenant b has the same people and no exports.
    const res = await uploadSeparations(b.token, SEPARATIONS);
    expect(res.statusCode, res.body).toBe(200);
    await evaluated(b.token);
    const found = await flags(b.token);
    expect(found.map((f) => f.psn).sort()).toEqual(['PSNX1', 'PSNX2']);
    for (const f of found) expect(f.evidence).toMatchObject({ exports: [], recoverableAmount: 0 });
    // Neither tenant sees the other's flags.
    expect((await flags()).every((f) => f.evidence.kind === 'EXIT' && f.evidence.exports.length === 2)).toBe(
      true,
    );
  });

  it('clears when the separations list moves the exit date to the future', async () => {
    const res = await uploadSeparations(a.token, [`PSNX1,,Officer PSNX1,${plus(TODAY, 30)},Death,HR/D/1`]);
    expect(res.json()).toMatchObject({ created: 0, updated: 1 });
    await evaluated();
    expect((await flags()).map((f) => f.psn)).toEqual(['PSNX2']);
  });

  it('an export completed in the background asks for an evaluation: the recoverable pay grows by itself', async () => {
    expect((await exportNow(portal, a.token)).status).toBe('COMPLETED');
    await evaluated(); // no one asked: the export's job did
    const x2 = (await flags()).find((f) => f.psn === 'PSNX2')!;
    expect(x2.evidence).toMatchObject({ recoverableAmount: 150001.5 });
  });

  it('counts only approved exports after the exit day: one made before it, or awaiting its second approver, adds nothing', async () => {
    const recoverableOf = async (psn: string) =>
      ((await flags()).find((f) => f.psn === psn)!.evidence as { recoverableAmount: number })
        .recoverableAmount;
    expect(await recoverableOf('PSNX2')).toBe(150001.5);
    // The oldest of the three exports ran before PSNX2 left (60 days ago): it paid them rightly.
    await portal.db.orm.execute(sql`
      update export_jobs set finished_at = now() - interval '90 days', approved_at = now() - interval '90 days'
      where id = (select id from export_jobs where tenant_id = ${a.tenant.id} order by created_at limit 1)`);
    await portal.api.post('/api/v1/integrity/evaluate', { token: a.token });
    await evaluated();
    expect(await recoverableOf('PSNX2')).toBe(100001);
    // An export awaiting its second approver has paid no one yet.
    expect(await setSecondApprover(portal, true, a.token, a.token)).toBe(200);
    expect((await exportNow(portal, a.token)).status).toBe('AWAITING_APPROVAL');
    await portal.api.post('/api/v1/integrity/evaluate', { token: a.token });
    await evaluated();
    expect(await recoverableOf('PSNX2')).toBe(100001);
    expect((await currentSummary(portal, a.token)).recoverableAmount).toBe(100001);
  });

  it('the run a separations upload asks for evaluates PAID_AFTER_EXIT alone, the other rules kept (DECISIONS 304)', async () => {
    // Nothing else waiting: the last change's run has ended.
    const before = await currentSummary(portal, a.token);
    const res = await uploadSeparations(a.token, [`PSNX1,,Officer PSNX1,${plus(TODAY, -1)},Death,HR/D/1`]);
    expect(res.statusCode, res.body).toBe(200);
    const after = await currentSummary(portal, a.token, before.evaluatedAt);
    const state = await asPlatform(
      async () =>
        await portal.db.orm.execute<{ steps: number; rules: string[] }>(
          sql`select steps_total as steps, requested_rules as rules from integrity_state where tenant_id = ${a.tenant.id}`,
        ),
    );
    expect(state.rows[0]).toEqual({ steps: 2, rules: [RULE] });
    expect((await flags()).map((f) => f.psn).sort()).toEqual(['PSNX1', 'PSNX2']);
    // The other rules' lines are the last full run's.
    for (const line of after.rules.filter((r) => r.code !== RULE))
      expect(line).toEqual(before.rules.find((r) => r.code === line.code));
    // A change of the tenant's own asks for every rule again.
    await portal.api.post('/api/v1/integrity/evaluate', { token: a.token });
    await currentSummary(portal, a.token, after.evaluatedAt);
    const full = await asPlatform(
      async () =>
        await portal.db.orm.execute<{ steps: number }>(
          sql`select steps_total as steps from integrity_state where tenant_id = ${a.tenant.id}`,
        ),
    );
    expect(full.rows[0]!.steps).toBe(RULE_STEPS.length + 1);
  });
});
