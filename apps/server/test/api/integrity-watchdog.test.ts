import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { uploadFile } from '../helpers/uploads.ts';
import { payrollCsv, type PayrollRow } from '../helpers/payroll-lists.ts';
import { currentSummary } from '../helpers/integrity.ts';
import { IntegrityRepo } from '../../src/modules/integrity/integrity.repo.ts';
import {
  askDueEvaluations,
  BACKGROUND_PRIORITY,
  evaluateIntegrityJob,
} from '../../src/modules/integrity/integrity.jobs.ts';

/**
 * The integrity watchdog and the evaluation jobs it and the changes queue (DECISIONS 280). Asked
 * again at every look (every 10 s) while a tenant's job waited in a long queue, the watchdog gave
 * a tenant a job each time, at the tenants' own priority, and every job evaluated again: at
 * midnight in Lagos, when every tenant is due at once, the queue grew faster than it drained, and
 * a tenant admin's upload waited minutes for its evaluation. Now the watchdog queues a job per
 * tenant per slot, behind the tenants' own when only another tenant's change asks, and a job that
 * finds nothing due evaluates nothing.
 */
let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;

const row = (psn: string, nin: string): PayrollRow => ({
  name: `Officer ${psn}`,
  psn,
  nin,
  dob: '15/03/1985',
  dofa: '01/02/2010',
  pay: '100,000',
});

/** The tenant's evaluation state, as stored. */
const state = async (tenantId: string) =>
  (
    await portal.db.orm.execute<{ evaluated_at: string; as_of: string }>(sql`
      select evaluated_at::text, as_of::text from integrity_state where tenant_id = ${tenantId}`)
  ).rows[0]!;

/** The evaluation jobs the watchdog queued for the tenant: their priority and state. */
const watchdogJobs = async (tenantId: string) =>
  (
    await portal.db.orm.execute<{ priority: number; state: string }>(sql`
      select priority, state::text from pgboss.job
      where name = ${evaluateIntegrityJob.name} and singleton_key = ${`due:${tenantId}`}`)
  ).rows;

beforeAll(async () => {
  portal = await createTestPortal();
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  for (const [tenant, n] of [
    [a, 1],
    [b, 2],
  ] as const) {
    const csv = payrollCsv([row(`PSNW${n}1`, `8700000${n}001`), row(`PSNW${n}2`, `8700000${n}002`)]);
    const res = await uploadFile(portal, tenant.token, 'payroll.csv', csv);
    expect(res.statusCode, res.body).toBe(200);
    await currentSummary(portal, tenant.token);
  }
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

describe('the integrity watchdog', () => {
  it('queues one job for a tenant due on a new day however often it looks, and the run covers the day', async () => {
    const before = await state(a.tenant.id);
    // The last run as of yesterday: due, as after midnight in the tenant's zone.
    await portal.db.orm.execute(sql`
      update integrity_state set as_of = as_of - 1 where tenant_id = ${a.tenant.id}`);
    const repo = new IntegrityRepo(portal.db.orm);
    for (let look = 0; look < 4; look++) await askDueEvaluations(repo, portal.jobs);
    // The portal's own watchdog may have been first: one job either way, at the tenants' priority.
    const jobs = await watchdogJobs(a.tenant.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.priority).toBe(0);
    const after = await currentSummary(portal, a.token, before.evaluated_at);
    expect(after.asOf).toBe(before.as_of);
  });

  it("queues a tenant that only another tenant's change asks for behind the tenants' own", async () => {
    await portal.db.orm.execute(sql`
      update integrity_state set others_requested_at = clock_timestamp() where tenant_id = ${b.tenant.id}`);
    await askDueEvaluations(new IntegrityRepo(portal.db.orm), portal.jobs);
    const jobs = await watchdogJobs(b.tenant.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.priority).toBe(BACKGROUND_PRIORITY);
    await currentSummary(portal, b.token);
  });
});

describe('an evaluation job', () => {
  it('evaluates nothing when nothing is due (its work done by an earlier job)', async () => {
    await currentSummary(portal, b.token);
    const before = await state(b.tenant.id);
    const id = await portal.jobs.send(evaluateIntegrityJob, { tenantId: b.tenant.id, reason: 'again' });
    await waitFor(async () => {
      const job = await portal.db.orm.execute<{ state: string }>(sql`
        select state::text from pgboss.job where id = ${id}::uuid`);
      return job.rows[0]?.state === 'completed' ? true : undefined;
    }, 30_000);
    expect(await state(b.tenant.id)).toEqual(before);
  });
});
