import { afterAll, describe, expect, it } from 'vitest';
import type { Me } from '@portal/contract/auth';
import type { MasterRecord, RecordsPage } from '@portal/contract/records';
import type { QueuePage } from '@portal/contract/validation';
import type { BulkJob, DashboardStats } from '@portal/contract/verification';
import type { IntegritySummary } from '@portal/contract/integrity';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';

const opened: TestPortal[] = [];
afterAll(async () => {
  for (const p of opened) await p.close().catch(() => undefined);
});

async function open(...args: Parameters<typeof createTestPortal>): Promise<TestPortal> {
  const portal = await createTestPortal(...args);
  opened.push(portal);
  return portal;
}

const SEED = { DEMO_SEED_RECORDS: 'true', DEMO_IDENTITY_SIMULATOR: 'true', IDENTITY_SIM_PORT: '0' };

describe('demo seed (first start in demo mode)', () => {
  it('fills every role’s screen: verified master list, reviewer with two ministries, employee with a record; a restart adds nothing', async () => {
    const portal = await open({ env: SEED });
    const admin = await portal.login('tenant.admin@demo.local');

    // The sample list went through the upload path and the bulk verification (examples/README.md).
    const stats = (await portal.api.get('/api/v1/tenant-admin/dashboard/stats', { token: admin })).json();
    expect(stats).toMatchObject({
      totalUniqueRecords: 2000,
      totalVerified: 1880,
      totalPendingApproval: 1815,
      totalMismatched: 65,
      totalNotFound: 120,
    } satisfies Partial<DashboardStats>);
    const jobs = (await portal.api.get('/api/v1/bulk-jobs', { token: admin })).json() as BulkJob[];
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      status: 'COMPLETED',
      totalRecords: 2000,
      createdByEmail: 'tenant.admin@demo.local',
    });
    const uploads = (await portal.api.get('/api/v1/records/uploads', { token: admin })).json() as unknown[];
    expect(uploads).toHaveLength(1);

    // The sample's payroll anomalies (examples/payroll-rows.ts) are flagged, with the pay at stake.
    const summary = (
      await portal.api.get('/api/v1/integrity/summary', { token: admin })
    ).json() as IntegritySummary;
    expect(summary.status).toBe('CURRENT');
    const byRule = Object.fromEntries(summary.rules.map((r) => [r.code, r.flaggedRecords]));
    expect(byRule).toMatchObject({
      SHARED_BANK_ACCOUNT: 9,
      DUPLICATE_BVN: 9,
      DUPLICATE_NIN: 6,
      IMPLAUSIBLE_BIRTH_DATE: 4,
      // Issue #36: four numbers with a wrong check digit; every other number is valid at its bank.
      INVALID_ACCOUNT_NUMBER: 4,
      // Issue #36 item 4: the demo tenant is the only one with records.
      ON_ANOTHER_PAYROLL: 0,
    });
    // Ages move on with the calendar: at least the planted ones.
    expect(byRule.PAST_RETIREMENT_AGE).toBeGreaterThanOrEqual(12);
    expect(byRule.PAST_SERVICE_LIMIT).toBeGreaterThanOrEqual(8);
    expect(byRule.UNDERAGE_AT_APPOINTMENT).toBeGreaterThanOrEqual(6);
    expect(summary.monthlyAmount).toBeGreaterThan(0);
    expect(summary.byMinistry.length).toBeGreaterThan(1);

    // The reviewer: two ministries, both with records in each queue, and nothing else.
    const reviewer = await portal.login('reviewer@demo.local');
    const me = (await portal.api.get('/api/v1/users/me', { token: reviewer })).json() as Me;
    expect(me.assignments?.ministries.map((m) => m.name)).toEqual([
      'Ministry of Finance',
      'Ministry of Health',
    ]);
    expect(me.assignments?.departments).toEqual([]);
    const pending = (
      await portal.api.get('/api/v1/records/queue/pending-approval?page=1&pageSize=100', { token: reviewer })
    ).json() as QueuePage;
    expect(pending.total).toBeGreaterThan(0);
    expect(pending.counts.mismatched).toBeGreaterThan(0);
    expect(new Set(pending.items.map((r) => r.ministry))).toEqual(
      new Set(['Ministry of Finance', 'Ministry of Health']),
    );

    // The employee: their own row of the list, found cleanly by the simulator.
    const employee = await portal.login('employee@demo.local');
    const record = (
      await portal.api.get('/api/v1/users/me/record', { token: employee })
    ).json() as MasterRecord;
    expect(record).toMatchObject({
      fullName: 'Emeka Okoye',
      psn: 'PSN062225',
      ministry: 'Ministry of Agriculture',
      status: 'PENDING_GRADE_VALIDATION',
    });

    // A restart on the same storage seeds nothing again.
    await portal.close();
    const again = await open({ reuse: portal, env: SEED });
    const token = await again.login('tenant.admin@demo.local');
    expect((await again.api.get('/api/v1/bulk-jobs', { token })).json()).toHaveLength(1);
    expect((await again.api.get('/api/v1/records/uploads', { token })).json()).toHaveLength(1);
    const page = (await again.api.get('/api/v1/records?page=1&pageSize=1', { token })).json() as RecordsPage;
    expect(page.total).toBe(2000);
  }, 120_000);

  it('outside demo mode nothing is seeded, not even the demo tenant', async () => {
    const portal = await open({
      env: { ...SEED, DEMO: 'false', PORTAL_ADMIN_PASSWORD: DEMO_ADMIN.password },
    });
    const admin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const tenants = (
      await portal.api.get('/api/v1/global-admin/tenants', { token: admin })
    ).json() as unknown[];
    expect(tenants).toEqual([]);
    const res = await portal.api.post('/api/v1/auth/authenticate', {
      body: { email: 'tenant.admin@demo.local', password: 'Demo12345!' },
      csrf: false,
    });
    expect(res.statusCode).toBe(401);
  });

  it('a reviewer without assignments reads empty lists in /users/me; other roles get none', async () => {
    const portal = await open();
    const reviewer = await portal.login('reviewer@demo.local');
    const me = (await portal.api.get('/api/v1/users/me', { token: reviewer })).json() as Me;
    expect(me.assignments).toEqual({ ministries: [], departments: [] });
    const admin = await portal.login('tenant.admin@demo.local');
    expect((await portal.api.get('/api/v1/users/me', { token: admin })).json()).not.toHaveProperty(
      'assignments',
    );
  });
});
