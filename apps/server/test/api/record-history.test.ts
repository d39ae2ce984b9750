import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CONSENT_VERSION, OTHER_REASON_FOR_EMPLOYEE, type RecordHistory } from '@portal/contract/claims';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';
import { buildUserInput } from '../helpers/factories.ts';

/*
 * The employee's own record history (issue #22): the status changes of their record with dates and
 * reason labels, never who decided nor the reviewer's note; their own record only.
 */
let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
const rec: Record<string, string> = {};
const employee: Record<string, string> = {};
let seq = 0;

const HISTORY = '/api/v1/users/me/record/history';
const NOTE = 'Decided by Jane Reviewer (jane.reviewer@example.gov.ng) after a call with Musa Bello';

/** A public claim of a record without a PSN: the employee's token. */
async function claim(subdomain: string, nin: string, ssid: string): Promise<string> {
  const started = await portal.api.post('/api/v1/verification/initiate', {
    body: { nin, ssid, consentVersion: CONSENT_VERSION },
    csrf: false,
    headers: { 'x-tenant': subdomain },
  });
  if (started.statusCode !== 200) throw new Error(`initiate: ${started.body}`);
  const created = await portal.api.post('/api/v1/auth/create-account', {
    body: {
      email: `history.${Date.now()}.${seq++}@example.gov.ng`,
      password: 'Employee-Pass1',
      recordId: (started.json() as { recordId: string }).recordId,
    },
    csrf: false,
    headers: { 'x-tenant': subdomain },
  });
  if (created.statusCode !== 200) throw new Error(`create account: ${created.body}`);
  return (created.json() as { token: string }).token;
}

const reject = (token: string, id: string, reasonCode: string, note = NOTE) =>
  portal.api.post(`/api/v1/records/${id}/validate`, {
    token,
    body: { decision: 'REJECT', comments: note, reasonCode },
  });

beforeAll(async () => {
  portal = await createTestPortal({ env: { CLAIM_RATE_PER_IP: '1000' } });
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  const seed = { psn: null, status: 'PENDING_GRADE_VALIDATION', dateOfBirth: '1985-03-15' };
  const [mine, neighbour, fourEyes] = await seedRecords(portal, a.tenant.id, [
    { fullName: 'History Mine', nin: '81000000001', ssid: 'SSH1', ...seed },
    { fullName: 'History Neighbour', nin: '81000000002', ssid: 'SSH2', ...seed },
    { fullName: 'History Four Eyes', nin: '81000000004', ssid: 'SSH4', ...seed },
  ]);
  const [foreign] = await seedRecords(portal, b.tenant.id, [
    { fullName: 'History Foreign', nin: '81000000003', ssid: 'SSH3', ...seed },
  ]);
  Object.assign(rec, { mine, neighbour, foreign, fourEyes });
  employee.mine = await claim(a.tenant.subdomain, '81000000001', 'SSH1');
  employee.neighbour = await claim(a.tenant.subdomain, '81000000002', 'SSH2');
  employee.foreign = await claim(b.tenant.subdomain, '81000000003', 'SSH3');
  employee.fourEyes = await claim(a.tenant.subdomain, '81000000004', 'SSH4');
});
afterAll(async () => {
  await portal?.close();
});

const historyOf = async (token: string) => {
  const res = await portal.api.get(HISTORY, { token });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, history: res.json() as RecordHistory };
};

describe("the employee's record history", () => {
  it('is empty before any decision', async () => {
    expect((await historyOf(employee.mine!)).history).toEqual({ items: [] });
  });

  it('shows a rejection with its date, statuses and reason label, without the reviewer nor the note', async () => {
    const before = Date.now();
    const res = await reject(a.token, rec.mine!, 'DECEASED');
    expect(res.statusCode, res.body).toBe(200);
    const { body, history } = await historyOf(employee.mine!);
    expect(history.items).toEqual([
      {
        at: expect.any(String),
        from: 'PENDING_GRADE_VALIDATION',
        to: 'REJECTED',
        reasonCode: 'DECEASED',
        reasonLabel: 'Deceased',
      },
    ]);
    expect(new Date(history.items[0]!.at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Nothing of who decided nor of the note reaches the employee.
    const admin = await portal.db.orm.execute<{ email: string }>(
      sql`select email from users where tenant_id = ${a.tenant.id} and role = 'TENANT_ADMIN'`,
    );
    for (const secret of [...admin.rows.map((r) => r.email), 'Jane', 'Musa', 'after a call'])
      expect(body).not.toContain(secret);
  });

  it('uses the tenant’s own label of a code it added', async () => {
    const added = await portal.api.post('/api/v1/tenant-admin/reason-codes', {
      token: b.token,
      body: { code: 'ON_SECONDMENT', label: 'On secondment to another state' },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    expect((await reject(b.token, rec.foreign!, 'ON_SECONDMENT')).statusCode).toBe(200);
    expect((await historyOf(employee.foreign!)).history.items).toEqual([
      expect.objectContaining({
        to: 'REJECTED',
        reasonCode: 'ON_SECONDMENT',
        reasonLabel: 'On secondment to another state',
      }),
    ]);
  });

  it("never shows another employee's record, in the same tenant or another", async () => {
    // The neighbour's record had no decision; the foreign one was rejected in tenant B.
    expect((await historyOf(employee.neighbour!)).history).toEqual({ items: [] });
    const mine = (await historyOf(employee.mine!)).history.items;
    expect(mine.map((i) => i.reasonCode)).toEqual(['DECEASED']);
    const foreign = (await historyOf(employee.foreign!)).history.items;
    expect(foreign.map((i) => i.reasonCode)).toEqual(['ON_SECONDMENT']);
  });

  it('with a second approver: the rejection awaiting approval, then its approval; OTHER without its note', async () => {
    const global = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const second = buildUserInput(a.tenant.id, { role: 'TENANT_ADMIN' });
    expect((await portal.api.post('/api/v1/auth/register', { token: global, body: second })).statusCode).toBe(
      201,
    );
    const checker = await portal.login(second.email, second.password);
    const on = await portal.api.put('/api/v1/tenant-admin/settings', {
      token: a.token,
      body: { secondApprover: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    try {
      expect((await reject(a.token, rec.fourEyes!, 'OTHER')).statusCode).toBe(200);
      const approvals = (
        await portal.api.get('/api/v1/approvals?status=PENDING', { token: checker })
      ).json() as {
        items: { id: string; recordId?: string }[];
      };
      const approval = approvals.items.find((i) => i.recordId === rec.fourEyes)!;
      const approved = await portal.api.post(`/api/v1/approvals/${approval.id}/approve`, {
        token: checker,
        body: {},
      });
      expect(approved.statusCode, approved.body).toBe(200);
      const { body, history } = await historyOf(employee.fourEyes!);
      const other = { reasonCode: 'OTHER', reasonLabel: OTHER_REASON_FOR_EMPLOYEE };
      expect(history.items).toEqual([
        { at: expect.any(String), from: 'PENDING_GRADE_VALIDATION', to: 'PENDING_SECOND_APPROVAL', ...other },
        { at: expect.any(String), from: 'PENDING_SECOND_APPROVAL', to: 'REJECTED', ...other },
      ]);
      for (const secret of [second.email, 'Jane', 'Musa']) expect(body).not.toContain(secret);
    } finally {
      const off = await portal.api.put('/api/v1/tenant-admin/settings', {
        token: a.token,
        body: { secondApprover: false },
      });
      // Issue #30: switching the second approver off waits for a different tenant admin.
      for (const { approvalId } of (off.json() as { pendingChanges: { approvalId: string }[] })
        .pendingChanges)
        await portal.api.post(`/api/v1/approvals/${approvalId}/approve`, { token: checker, body: {} });
    }
  });

  it('is 403 for every other role and 401 without a session', async () => {
    const tokens = {
      GLOBAL_SUPER_ADMIN: await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password),
      TENANT_ADMIN: a.token,
      REVIEWER: await portal.login('reviewer@demo.local'),
      AGENT: await portal.login('agent@demo.local'),
    };
    for (const [role, token] of Object.entries(tokens))
      expect((await portal.api.get(HISTORY, { token })).statusCode, role).toBe(403);
    expect((await portal.api.get(HISTORY)).statusCode).toBe(401);
  });
});
