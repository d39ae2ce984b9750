import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPROVAL_MESSAGES, type Approval, type ApprovalsPage } from '@portal/contract/decisions';
import type { RecordsPage } from '@portal/contract/records';
import type { TenantSettingsView } from '@portal/contract/settings';
import type { CreatedUser, TenantUser } from '@portal/contract/tenant-users';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { buildUserInput } from '../helpers/factories.ts';
import { seedRecords } from '../helpers/records.ts';

/*
 * Issue #30, items 1 and 2: with the second approver on, no single person takes anyone off the
 * payroll by themselves. A tenant admin they add waits for a different tenant admin (ADMIN_GRANT),
 * an account of the maker's family (created by them, their creator, or one creator's) never checks
 * their actions, and a change of the settings (switching the second approver off above all) waits
 * for a different tenant admin too (SETTINGS_CHANGE).
 */

const PASSWORD = 'Str0ng-Passw0rd';
let portal: TestPortal;
let global: string;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
/** A second tenant admin of tenant a, created by the global admin: outside a's family. */
let checker: string;
let checkerEmail: string;
let reviewer: string;
const ids: string[] = [];

const approvals = async (token: string, query = '') =>
  (await portal.api.get(`/api/v1/approvals${query}`, { token })).json() as ApprovalsPage;
const act = (token: string, id: string, verb: 'approve' | 'decline' | 'withdraw', body?: unknown) =>
  portal.api.post(`/api/v1/approvals/${id}/${verb}`, { token, body: body ?? {} });
const reject = (token: string, id: string) =>
  portal.api.post(`/api/v1/records/${id}/validate`, {
    token,
    body: { decision: 'REJECT', comments: 'Not on the roll', reasonCode: 'NOT_ON_NOMINAL_ROLL' },
  });
const statusOf = async (id: string) =>
  ((await portal.api.get(`/api/v1/records?ids=${id}`, { token: a.token })).json() as RecordsPage).items[0]!
    .status;
const settingsOf = async (token = a.token) =>
  (await portal.api.get('/api/v1/tenant-admin/settings', { token })).json() as TenantSettingsView;
const putSettings = (token: string, body: unknown) =>
  portal.api.put('/api/v1/tenant-admin/settings', { token, body });
const signIn = (email: string) =>
  portal.api.post('/api/v1/auth/authenticate', { body: { email, password: PASSWORD }, csrf: false });
const newAdmin = (token: string, name = 'Sock Puppet') => {
  const email = `sock.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.gov.ng`;
  return portal.api
    .post('/api/v1/tenant-admin/users', {
      token,
      body: { fullName: name, email, password: PASSWORD, role: 'TENANT_ADMIN' },
    })
    .then((res) => ({ res, email }));
};
/** A's rejection of the next seeded record, waiting for a second approver. */
async function pendingRejection(token = a.token): Promise<{ recordId: string; approval: Approval }> {
  const recordId = ids.shift()!;
  const res = await reject(token, recordId);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ status: 'PENDING_SECOND_APPROVAL' });
  const approval = (await approvals(checker)).items.find((i) => i.recordId === recordId)!;
  return { recordId, approval };
}
const auditOf = async (action: string, entityId: string) =>
  (
    await portal.db.orm.execute<{ actor_email: string; after: Record<string, unknown> }>(sql`
      select actor_email, after from audit_events
      where tenant_id = ${a.tenant.id} and action = ${action} and entity_id = ${entityId} order by id`)
  ).rows;

beforeAll(async () => {
  portal = await createTestPortal();
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  global = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const second = buildUserInput(a.tenant.id, { role: 'TENANT_ADMIN' });
  expect((await portal.api.post('/api/v1/auth/register', { token: global, body: second })).statusCode).toBe(
    201,
  );
  checker = await portal.login(second.email, second.password);
  checkerEmail = second.email;
  const reviewerEmail = `sock.reviewer.${Date.now()}@example.gov.ng`;
  expect(
    (
      await portal.api.post('/api/v1/tenant-admin/users', {
        token: a.token,
        body: { fullName: 'Honest Reviewer', email: reviewerEmail, password: PASSWORD, role: 'REVIEWER' },
      })
    ).statusCode,
  ).toBe(201);
  reviewer = await portal.login(reviewerEmail, PASSWORD);
  ids.push(
    ...(await seedRecords(
      portal,
      a.tenant.id,
      Array.from({ length: 8 }, (_, i) => ({
        fullName: `Worker In Review ${i}`,
        nin: `8100000000${i}`,
        psn: `PSN810${i}`,
        status: 'PENDING_GRADE_VALIDATION' as const,
      })),
    )),
  );
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

describe('four-eyes against sock puppets and switch-offs (issue #30)', () => {
  it('created before the second approver was on, accounts of one family never check each other: the creator, its creations, siblings', async () => {
    // Off: a's two new tenant admins are active at once (SPEC's flow).
    const one = await newAdmin(a.token, 'Puppet One');
    const two = await newAdmin(a.token, 'Puppet Two');
    for (const made of [one, two]) {
      expect(made.res.statusCode, made.res.body).toBe(201);
      expect(made.res.json()).toMatchObject({ role: 'TENANT_ADMIN', status: 'ACTIVE', approvalId: null });
    }
    const puppetOne = await portal.login(one.email, PASSWORD);
    const puppetTwo = await portal.login(two.email, PASSWORD);
    expect((await putSettings(a.token, { secondApprover: true })).json()).toMatchObject({
      secondApprover: true,
      pendingChanges: [],
    });

    // The path: a rejects, a's own tenant admin approves. Refused; the record stays paid.
    const { recordId, approval } = await pendingRejection();
    const byPuppet = await act(puppetOne, approval.id, 'approve');
    expect(byPuppet.statusCode).toBe(403);
    expect(byPuppet.json().message).toBe(APPROVAL_MESSAGES.sameCreator);
    expect((await act(puppetOne, approval.id, 'decline', { note: 'x' })).statusCode).toBe(403);
    expect(await statusOf(recordId)).toBe('PENDING_SECOND_APPROVAL');
    expect((await approvals(puppetOne)).awaitingMe).toBe(0);

    // The other way round: the puppet rejects, its creator approves. Refused.
    const theirs = await pendingRejection(puppetOne);
    expect((await act(a.token, theirs.approval.id, 'approve')).statusCode).toBe(403);
    // Siblings: both a's creations. Refused.
    const sibling = await act(puppetTwo, theirs.approval.id, 'approve');
    expect(sibling.statusCode).toBe(403);
    expect(sibling.json().message).toBe(APPROVAL_MESSAGES.sameCreator);
    expect(await statusOf(theirs.recordId)).toBe('PENDING_SECOND_APPROVAL');

    // A tenant admin outside the family (the global admin's) checks both.
    expect((await approvals(checker)).awaitingMe).toBe(2);
    expect((await act(checker, approval.id, 'approve')).statusCode).toBe(200);
    expect(await statusOf(recordId)).toBe('REJECTED');
    expect((await act(checker, theirs.approval.id, 'decline', { note: 'Keep paying' })).statusCode).toBe(200);
    expect(await statusOf(theirs.recordId)).toBe('PENDING_GRADE_VALIDATION');
  });

  it('a tenant admin added while it is on waits for a different tenant admin: it cannot sign in, nor approve its maker, nor its own grant', async () => {
    const { recordId, approval } = await pendingRejection();
    const made = await newAdmin(a.token);
    expect(made.res.statusCode, made.res.body).toBe(201);
    const created = made.res.json() as CreatedUser;
    expect(created).toMatchObject({ role: 'TENANT_ADMIN', status: 'PENDING_APPROVAL' });
    expect(created.approvalId).toEqual(expect.any(String));
    // Cannot act: no sign-in.
    expect((await signIn(made.email)).statusCode).toBe(401);
    const users = (
      await portal.api.get('/api/v1/tenant-admin/users', { token: a.token })
    ).json() as TenantUser[];
    expect(users.find((u) => u.email === made.email)).toMatchObject({ status: 'PENDING_APPROVAL' });

    const grant = (await approvals(checker, '?kind=ADMIN_GRANT')).items.find(
      (i) => i.id === created.approvalId,
    )!;
    expect(grant).toMatchObject({
      kind: 'ADMIN_GRANT',
      makerEmail: a.email,
      mine: false,
      account: { userId: created.id, email: made.email, role: 'TENANT_ADMIN', status: 'PENDING_APPROVAL' },
    });
    expect(grant.summary).toBe(`Make Sock Puppet (${made.email}) a tenant admin`);
    const own = await act(a.token, grant.id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(APPROVAL_MESSAGES.ownAction);
    expect((await act(reviewer, grant.id, 'approve')).statusCode).toBe(403);
    expect((await act(b.token, grant.id, 'approve')).statusCode).toBe(404);

    // The checker grants it: it signs in, but as a's creation it never checks a's actions.
    const granted = await act(checker, grant.id, 'approve');
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ status: 'APPROVED', account: { status: 'ACTIVE' } });
    expect((await signIn(made.email)).statusCode).toBe(200);
    const puppet = await portal.login(made.email, PASSWORD);
    const refused = await act(puppet, approval.id, 'approve');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(APPROVAL_MESSAGES.sameCreator);
    expect(await statusOf(recordId)).toBe('PENDING_SECOND_APPROVAL');
    expect((await auditOf('APPROVAL_REQUESTED', created.id))[0]).toMatchObject({
      actor_email: a.email,
      after: { kind: 'ADMIN_GRANT', approvalId: grant.id },
    });
    expect((await auditOf('APPROVAL_GRANTED', created.id))[0]).toMatchObject({
      actor_email: checkerEmail,
      after: { kind: 'ADMIN_GRANT' },
    });
    expect((await act(checker, approval.id, 'decline', { note: 'Still employed' })).statusCode).toBe(200);
  });

  it('a declined or withdrawn grant never gives the role: the account is gone and its email free', async () => {
    const declined = await newAdmin(a.token, 'Declined Admin');
    const withdrawn = await newAdmin(a.token, 'Withdrawn Admin');
    const declinedId = (declined.res.json() as CreatedUser).approvalId!;
    const withdrawnId = (withdrawn.res.json() as CreatedUser).approvalId!;
    expect((await act(checker, declinedId, 'decline', { note: 'Not known to us' })).statusCode).toBe(200);
    expect((await act(checker, withdrawnId, 'withdraw')).statusCode).toBe(403);
    expect((await act(a.token, withdrawnId, 'withdraw')).statusCode).toBe(200);
    const users = (
      await portal.api.get('/api/v1/tenant-admin/users', { token: a.token })
    ).json() as TenantUser[];
    for (const made of [declined, withdrawn]) {
      expect(users.map((u) => u.email)).not.toContain(made.email);
      expect((await signIn(made.email)).statusCode).toBe(401);
    }
    expect((await auditOf('APPROVAL_DECLINED', (declined.res.json() as CreatedUser).id))[0]).toMatchObject({
      actor_email: checkerEmail,
      after: { kind: 'ADMIN_GRANT' },
    });
    expect((await auditOf('APPROVAL_WITHDRAWN', (withdrawn.res.json() as CreatedUser).id))[0]).toMatchObject({
      actor_email: a.email,
      after: { kind: 'ADMIN_GRANT' },
    });
    // Approving either now changes nothing.
    expect((await act(checker, declinedId, 'approve')).statusCode).toBe(409);
  });

  it("the global admin's own user management stays direct; other users' roles are not held", async () => {
    const direct = buildUserInput(a.tenant.id, { role: 'TENANT_ADMIN' });
    const res = await portal.api.post('/api/v1/auth/register', { token: global, body: direct });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'ACTIVE' });
    expect((await signIn(direct.email)).statusCode).toBe(200);
    const agent = await portal.api.post('/api/v1/tenant-admin/users', {
      token: a.token,
      body: {
        fullName: 'An Agent',
        email: `sock.agent.${Date.now()}@example.gov.ng`,
        password: PASSWORD,
        role: 'AGENT',
      },
    });
    expect(agent.json()).toMatchObject({ status: 'ACTIVE', approvalId: null });
  });

  it('switching the second approver off waits for a different tenant admin; meanwhile a rejection still waits; the approval applies it', async () => {
    const asked = await putSettings(a.token, { secondApprover: false });
    expect(asked.statusCode, asked.body).toBe(200);
    const answer = asked.json() as TenantSettingsView;
    expect(answer).toMatchObject({
      secondApprover: true,
      pendingChanges: [
        { makerEmail: a.email, changes: [{ setting: 'secondApprover', before: true, after: false }] },
      ],
    });
    expect((await settingsOf()).secondApprover).toBe(true);
    // Not off: a's rejection is not final.
    const { recordId, approval: rejection } = await pendingRejection();
    expect(await statusOf(recordId)).toBe('PENDING_SECOND_APPROVAL');

    const change = (await approvals(checker, '?kind=SETTINGS_CHANGE')).items[0]!;
    expect(change).toMatchObject({
      kind: 'SETTINGS_CHANGE',
      id: answer.pendingChanges[0]!.approvalId,
      settingsChanges: [{ setting: 'secondApprover', before: true, after: false }],
      summary: 'Change the settings: secondApprover true → false',
    });
    expect((await act(a.token, change.id, 'approve')).statusCode).toBe(403);
    expect((await act(reviewer, change.id, 'approve')).statusCode).toBe(403);
    expect((await act(b.token, change.id, 'approve')).statusCode).toBe(404);
    expect((await approvals(b.token)).total).toBe(0);
    const applied = await act(checker, change.id, 'approve');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await settingsOf()).toMatchObject({ secondApprover: false, pendingChanges: [] });
    expect((await auditOf('TENANT_SETTINGS_UPDATED', a.tenant.id)).at(-1)).toMatchObject({
      actor_email: checkerEmail,
      after: { secondApprover: false },
    });
    expect((await auditOf('APPROVAL_REQUESTED', a.tenant.id)).at(-1)).toMatchObject({
      actor_email: a.email,
      after: { kind: 'SETTINGS_CHANGE', secondApprover: false },
    });
    // Switching it on is immediate.
    expect((await putSettings(a.token, { secondApprover: true })).json()).toMatchObject({
      secondApprover: true,
    });
    expect((await act(checker, rejection.id, 'decline', { note: 'Still employed' })).statusCode).toBe(200);
  });

  it('every change of the settings waits while it is on; one asked on settings that moved since is 409; the maker withdraws', async () => {
    const first = (
      await putSettings(a.token, { integrity: { retirementAge: 62 } })
    ).json() as TenantSettingsView;
    expect(first.integrity.retirementAge).toBe(60);
    const second = (
      await putSettings(a.token, {
        integrity: { rules: { PAST_RETIREMENT_AGE: false } },
      })
    ).json() as TenantSettingsView;
    expect(second.pendingChanges).toHaveLength(2);
    const [older, newer] = second.pendingChanges;
    expect(newer!.changes).toEqual([
      { setting: 'integrity.rules.PAST_RETIREMENT_AGE', before: true, after: false },
    ]);
    expect((await act(checker, newer!.approvalId, 'approve')).statusCode).toBe(200);
    expect((await settingsOf()).integrity.rules.PAST_RETIREMENT_AGE).toBe(false);
    const stale = await act(checker, older!.approvalId, 'approve');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(APPROVAL_MESSAGES.settingsChanged);
    expect((await settingsOf()).integrity.retirementAge).toBe(60);
    expect((await act(a.token, older!.approvalId, 'withdraw')).statusCode).toBe(200);
    expect((await settingsOf()).pendingChanges).toEqual([]);
    // A request that changes nothing asks nobody.
    const same = (await putSettings(a.token, { secondApprover: true })).json() as TenantSettingsView;
    expect(same.pendingChanges).toEqual([]);
    // Other roles are refused.
    expect((await putSettings(reviewer, { secondApprover: false })).statusCode).toBe(403);
  });
});
