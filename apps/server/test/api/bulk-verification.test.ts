import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BulkJob, ComparisonRow, DashboardStats } from '@portal/contract/verification';
import type { RecordsPage } from '@portal/contract/records';
import type { Tenant } from '@portal/contract/tenants';
import { createTestPortal, DEMO_ADMIN, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin, pointTenantAtSimulator } from '../helpers/tenants.ts';
import { seedRecords, type RecordSeed } from '../helpers/records.ts';
import { startSimProcess, type SimPerson, type SimProcess } from '../helpers/simulator-process.ts';

let portal: TestPortal;
let globalAdmin: string;
const sims: SimProcess[] = [];

beforeAll(async () => {
  portal = await createTestPortal({
    env: {
      PROVIDER_BACKOFF_MS: '20',
      PROVIDER_MAX_ATTEMPTS: '5',
      VERIFY_CHUNK_SIZE: '100',
      // The demo tenant's simulator (its last test).
      DEMO_IDENTITY_SIMULATOR: 'true',
    },
  });
  globalAdmin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(async () => {
  for (const s of sims) await s.stop();
  await portal?.close();
});

/**
 * n records; by i % 10: 0–6 agree (0 with the SoT's name in another order, 1 in another spelling),
 * 7 differs (date of birth), 8 absent from the SoT, 9 without biometrics.
 */
function population(n: number, offset: number) {
  const records: RecordSeed[] = [];
  const people: SimPerson[] = [];
  for (let i = 0; i < n; i++) {
    const nin = String(30000000000 + offset + i);
    const kind = i % 10;
    const fullName = `${kind === 1 ? 'Mohammed' : 'Test'} Person${i} Adeyemi`;
    records.push({ fullName, nin, psn: `PSN${offset + i}`, dateOfBirth: '1980-01-02' });
    if (kind === 8) continue;
    const sotNames = [`ADEYEMI Test Person${i}`, `Muhammad Person${i} Adeyemi`];
    people.push({
      nin,
      fullName: sotNames[kind] ?? fullName,
      dateOfBirth: kind === 7 ? '1981-01-02' : '1980-01-02',
      biometricsEnrolled: kind !== 9,
    });
  }
  return { records, people };
}

async function tenantOnSim(sim: { url: string }) {
  const t = await createTenantWithAdmin(portal);
  await pointTenantAtSimulator(portal, t.tenant, sim.url);
  return t;
}

const jobs = async (token: string) =>
  (await portal.api.get('/api/v1/bulk-jobs', { token })).json() as BulkJob[];
const finished = (token: string) =>
  waitFor(async () => {
    const [job] = await jobs(token);
    return job && ['COMPLETED', 'FAILED'].includes(job.status) ? job : undefined;
  }, 60_000);

describe('bulk verification against the simulator (separate process, real HTTP)', () => {
  it('ends COMPLETED with the expected verified, mismatched and not-found counts, stats and comparison rows', async () => {
    const { records, people } = population(300, 0);
    const sim = await startSimProcess(people);
    sims.push(sim);
    const t = await tenantOnSim(sim);
    const ids = await seedRecords(portal, t.tenant.id, records);
    const start = await portal.api.post('/api/v1/records/bulk-verify', { token: t.token });
    expect(start.statusCode).toBe(202);
    expect(start.json()).toMatchObject({ status: 'PENDING' });
    const job = await finished(t.token);
    expect(job).toMatchObject({
      status: 'COMPLETED',
      totalRecords: 300,
      processedRecords: 300,
      successfullyVerifiedRecords: 240,
      mismatchedRecords: 30,
      notFoundRecords: 60,
      failedRecords: 0,
      progressPercent: 100,
    });
    const stats = (
      await portal.api.get('/api/v1/tenant-admin/dashboard/stats', { token: t.token })
    ).json() as DashboardStats;
    expect(stats).toMatchObject({
      totalUniqueRecords: 300,
      totalVerified: 240,
      totalPendingApproval: 210,
      totalMismatched: 30,
      totalNotFound: 60,
      totalValidated: 0,
    });
    const ghosts = (
      await portal.api.get('/api/v1/records/flagged/not-in-sot?pageSize=10', { token: t.token })
    ).json() as RecordsPage;
    expect(ghosts.total).toBe(60);
    expect(ghosts.items.every((r) => r.status === 'NOT_FOUND')).toBe(true);
    const mismatched = ids[7]!;
    const rows = (
      await portal.api.get(`/api/v1/records/${mismatched}/comparison`, { token: t.token })
    ).json() as ComparisonRow[];
    expect(rows).toEqual([
      {
        field: 'fullName',
        originalValue: 'Test Person7 Adeyemi',
        sotValue: 'Test Person7 Adeyemi',
        similarity: 1,
        verdict: 'MATCH',
        reason: null,
        isMismatched: false,
      },
      {
        field: 'dateOfBirth',
        originalValue: '1980-01-02',
        sotValue: '1981-01-02',
        similarity: 0,
        verdict: 'DIFFERENT',
        reason: null,
        isMismatched: true,
      },
    ]);
    // Close names went to pending approval (210 above), each explained.
    const nameRow = async (id: string) =>
      (
        (
          await portal.api.get(`/api/v1/records/${id}/comparison`, { token: t.token })
        ).json() as ComparisonRow[]
      )[0]!;
    expect(await nameRow(ids[0]!)).toMatchObject({
      verdict: 'CLOSE',
      reason: 'word order',
      isMismatched: false,
    });
    const variant = await nameRow(ids[1]!);
    expect(variant).toMatchObject({
      verdict: 'CLOSE',
      reason: 'spelling variant: Mohammed ~ Muhammad',
      isMismatched: false,
    });
    expect(variant.similarity).toBeLessThan(1);
    // Nothing left to verify: no second job (issue #17), the answer says so.
    const again = await portal.api.post('/api/v1/records/bulk-verify', { token: t.token });
    expect(again.statusCode).toBe(409);
    expect(await jobs(t.token)).toHaveLength(1);
  });

  it('with 10% injected 5xx errors, still verifies every record exactly once', async () => {
    const { records, people } = population(1000, 1000);
    const sim = await startSimProcess(people, ['--error-rate', '0.1', '--random-seed', '7']);
    sims.push(sim);
    const t = await tenantOnSim(sim);
    await seedRecords(portal, t.tenant.id, records);
    await portal.api.post('/api/v1/records/bulk-verify', { token: t.token });
    const job = await finished(t.token);
    expect(job).toMatchObject({
      status: 'COMPLETED',
      processedRecords: 1000,
      successfullyVerifiedRecords: 800,
      notFoundRecords: 200,
      failedRecords: 0,
    });
    const stats = (await sim.stats()) as { requests: Record<string, Record<string, number>> };
    expect(JSON.stringify(stats)).toMatch(/50[03]/);
    const counted = await portal.db.orm.execute<{ n: number }>(sql`
      select count(*)::int as n from records where tenant_id = ${t.tenant.id} and last_verified_at is not null`);
    expect(counted.rows[0]!.n).toBe(1000);
  });

  it('honours 429 with Retry-After and finishes', async () => {
    const { records, people } = population(400, 2000);
    const sim = await startSimProcess(people, ['--rate-limit', '2']);
    sims.push(sim);
    const t = await tenantOnSim(sim);
    await seedRecords(portal, t.tenant.id, records);
    await portal.api.post('/api/v1/records/bulk-verify', { token: t.token });
    const job = await finished(t.token);
    expect(job).toMatchObject({ status: 'COMPLETED', processedRecords: 400, failedRecords: 0 });
    expect(JSON.stringify(await sim.stats())).toMatch(/429/);
  });

  it('fails with a statusMessage when the provider is down, marking no record not found', async () => {
    const t = await tenantOnSim({ url: 'http://127.0.0.1:9' });
    await seedRecords(portal, t.tenant.id, population(250, 3000).records);
    await portal.api.post('/api/v1/records/bulk-verify', { token: t.token });
    const job = await finished(t.token);
    expect(job.status).toBe('FAILED');
    expect(job.statusMessage).toMatch(/identity provider is unavailable/);
    expect(job.notFoundRecords).toBe(0);
    const statuses = await portal.db.orm.execute<{ status: string; n: number }>(sql`
      select status, count(*)::int as n from records where tenant_id = ${t.tenant.id} group by status`);
    expect(statuses.rows).toEqual([{ status: 'UPLOADED', n: 250 }]);
    // The records are free for the next run.
    const free = await portal.db.orm.execute<{ n: number }>(sql`
      select count(*)::int as n from bulk_job_items i join bulk_jobs j on j.id = i.job_id where j.tenant_id = ${t.tenant.id}`);
    expect(free.rows[0]!.n).toBe(0);
  });

  it('a job in which every lookup failed is FAILED, with the provider error; some failures are said', async () => {
    const all = population(200, 7000);
    const dead = await startSimProcess(all.people, ['--error-rate', '1', '--random-seed', '3']);
    sims.push(dead);
    const t = await tenantOnSim(dead);
    await seedRecords(portal, t.tenant.id, all.records);
    await portal.api.post('/api/v1/records/bulk-verify', { token: t.token });
    const failed = await finished(t.token);
    expect(failed.status).toBe('FAILED');
    expect(failed.statusMessage).toMatch(/^(Every lookup failed\.|The identity provider is unavailable)/);
    expect(failed.statusMessage).not.toMatch(/^Verified/);

    const some = population(1000, 8000);
    const flaky = await startSimProcess(some.people, ['--error-rate', '0.8', '--random-seed', '11']);
    sims.push(flaky);
    const u = await tenantOnSim(flaky);
    await seedRecords(portal, u.tenant.id, some.records);
    await portal.api.post('/api/v1/records/bulk-verify', { token: u.token });
    const partial = await finished(u.token);
    expect(partial.status).toBe('COMPLETED');
    expect(partial.failedRecords).toBeGreaterThan(0);
    expect(partial.failedRecords).toBeLessThan(partial.processedRecords);
    expect(partial.statusMessage).toMatch(
      /^Completed with [\d,]+ failed lookups \(left unverified; start a new verification to retry them\)\. Verification failed: the provider answered 50[03]: .+\. Verified 1,000 of 1,000 records/,
    );
  });

  it('refuses a second start while one is active (409)', async () => {
    // Enough chunks that the job is seen running with progress at the provider's 300 ms latency,
    // although two chunks are looked up at a time.
    const { records, people } = population(1000, 4000);
    const sim = await startSimProcess(people, ['--latency-ms', '300']);
    sims.push(sim);
    const t = await tenantOnSim(sim);
    await seedRecords(portal, t.tenant.id, records);
    expect((await portal.api.post('/api/v1/records/bulk-verify', { token: t.token })).statusCode).toBe(202);
    const second = await portal.api.post('/api/v1/records/bulk-verify', { token: t.token });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      message: 'A bulk verification is already running for this tenant. Wait for it to finish.',
    });
    const running = await waitFor(async () => {
      const [job] = await jobs(t.token);
      return job && job.status === 'RUNNING' && job.processedRecords > 0 ? job : undefined;
    });
    expect(running.progressPercent).toBeGreaterThan(0);
    expect((await finished(t.token)).status).toBe('COMPLETED');
  });
});

describe('nothing to verify', () => {
  it('creates no job and says why: no records yet, or every record already verified', async () => {
    const { records, people } = population(20, 6000);
    const sim = await startSimProcess(people);
    sims.push(sim);
    const t = await tenantOnSim(sim);
    const empty = await portal.api.post('/api/v1/records/bulk-verify', { token: t.token });
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toEqual({
      message: 'There are no records to verify yet. Upload a master list first.',
      code: 'NOTHING_TO_VERIFY',
    });
    expect(await jobs(t.token)).toEqual([]);

    await seedRecords(portal, t.tenant.id, records);
    expect((await portal.api.post('/api/v1/records/bulk-verify', { token: t.token })).statusCode).toBe(202);
    expect((await finished(t.token)).status).toBe('COMPLETED');
    // Every record was checked (the two not found stay NOT_FOUND): nothing waits.
    const again = await portal.api.post('/api/v1/records/bulk-verify', { token: t.token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'All records are already verified', code: 'NOTHING_TO_VERIFY' });
    expect(await jobs(t.token)).toHaveLength(1);
    const started = await portal.db.orm.execute(
      sql`select 1 from audit_events where tenant_id = ${t.tenant.id} and action = 'BULK_VERIFICATION_STARTED'`,
    );
    expect(started.rows).toHaveLength(1);
  });
});

describe('isolation and access', () => {
  it("one tenant never sees another's jobs, stats, comparisons or potential ghosts", async () => {
    const { records, people } = population(50, 5000);
    const sim = await startSimProcess(people);
    sims.push(sim);
    const a = await tenantOnSim(sim);
    const b = await createTenantWithAdmin(portal);
    const ids = await seedRecords(portal, a.tenant.id, records);
    await portal.api.post('/api/v1/records/bulk-verify', { token: a.token });
    await finished(a.token);
    expect(await jobs(b.token)).toEqual([]);
    const stats = (
      await portal.api.get('/api/v1/tenant-admin/dashboard/stats', { token: b.token })
    ).json() as DashboardStats;
    expect(stats.totalUniqueRecords).toBe(0);
    expect(stats.totalNotFound).toBe(0);
    expect(
      (await portal.api.get(`/api/v1/records/${ids[7]}/comparison`, { token: b.token })).statusCode,
    ).toBe(404);
    expect(
      ((await portal.api.get('/api/v1/records/flagged/not-in-sot', { token: b.token })).json() as RecordsPage)
        .total,
    ).toBe(0);
  });

  it('every verification route answers 403 to other roles and 401 without a token', async () => {
    const tokens = {
      GLOBAL_SUPER_ADMIN: globalAdmin,
      REVIEWER: await portal.login('reviewer@demo.local'),
      AGENT: await portal.login('agent@demo.local'),
      SELF_SERVICE_USER: await portal.login('employee@demo.local'),
    };
    const routes = [
      ['POST', '/api/v1/records/bulk-verify'],
      ['GET', '/api/v1/bulk-jobs'],
      ['GET', '/api/v1/records/00000000-0000-4000-8000-000000000000/comparison'],
      ['GET', '/api/v1/records/flagged/not-in-sot'],
      ['GET', '/api/v1/tenant-admin/dashboard/stats'],
    ] as const;
    for (const [method, url] of routes) {
      expect((await portal.api.call(method, url)).statusCode).toBe(401);
      for (const [role, token] of Object.entries(tokens)) {
        // Reviewers may compare the records of their assignments (the resolve dialog): 404 outside them.
        const expected = role === 'REVIEWER' && url.endsWith('/comparison') ? 404 : 403;
        expect(
          (await portal.api.call(method, url, { token })).statusCode,
          `${method} ${url} as ${role}`,
        ).toBe(expected);
      }
    }
  });
});

it('the demo tenant points at the demo simulator (a child process) and its connection test succeeds', async () => {
  const tenants = (
    await portal.api.get('/api/v1/global-admin/tenants', { token: globalAdmin })
  ).json() as Tenant[];
  const demo = tenants.find((t) => t.subdomain === 'demo')!;
  const res = await portal.api.post(`/api/v1/global-admin/tenants/${demo.id}/test-connection`, {
    token: globalAdmin,
  });
  expect(res.json()).toMatchObject({ ok: true });
});
