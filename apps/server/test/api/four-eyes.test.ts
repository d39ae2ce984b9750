import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPROVAL_MESSAGES, type ApprovalsPage } from '@portal/contract/decisions';
import type { ExportJob } from '@portal/contract/exports';
import type { MasterRecord, RecordsPage } from '@portal/contract/records';
import { API_ROUTES } from '@portal/contract/routes/api-routes';
import type { ApiRoute } from '@portal/contract/routes/define-route';
import { createTestPortal, DEMO_ADMIN, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { buildUserInput } from '../helpers/factories.ts';
import { seedRecords } from '../helpers/records.ts';
import { csvOf, uploadFile } from '../helpers/uploads.ts';
import { inPayrollSql } from '../../src/modules/records/record-state.ts';
import { allFlags, currentSummary, decide } from '../helpers/integrity.ts';
import { exportNow } from '../helpers/exports.ts';
import { DEFAULT_TIME_ZONE, dayIn } from '@portal/contract/time-zone';

/*
 * Four-eyes (issue #22): with the tenant's secondApprover setting on, a rejection and an integrity
 * CONFIRM wait as PENDING_SECOND_APPROVAL and an export waits as AWAITING_APPROVAL until a
 * different tenant admin approves; the maker may withdraw; a decline returns the record with the
 * checker's note; nobody approves their own action.
 */

const PASSWORD = 'Str0ng-Passw0rd';
let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let admin2: string;
let admin2Email: string;
let reviewer: string;
let reviewerEmail: string;
let agent: string;
const ids: Record<string, string> = {};

const yearsAgo = (n: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - n);
  return d.toISOString().slice(0, 10);
};

async function setFourEyes(on: boolean, token = a.token) {
  const res = await portal.api.put('/api/v1/tenant-admin/settings', { token, body: { secondApprover: on } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ secondApprover: on });
}
const recordOf = async (id: string) => {
  const res = await portal.api.get(`/api/v1/records?ids=${id}`, { token: a.token });
  return (res.json() as RecordsPage).items[0]!;
};
const approvals = async (token: string, query = '') =>
  (await portal.api.get(`/api/v1/approvals${query}`, { token })).json() as ApprovalsPage;
const pendingOf = async (recordId: string) =>
  (await approvals(a.token)).items.find((i) => i.recordId === recordId)!;
const act = (token: string, id: string, verb: 'approve' | 'decline' | 'withdraw', body?: unknown) =>
  portal.api.post(`/api/v1/approvals/${id}/${verb}`, { token, body: body ?? {} });
const reject = (token: string, id: string, reasonCode = 'DECEASED', comments = 'Died in March') =>
  portal.api.post(`/api/v1/records/${id}/validate`, {
    token,
    body: { decision: 'REJECT', comments, reasonCode },
  });
const history = async (id: string) =>
  (
    (await portal.api.get(`/api/v1/records/${id}/audit`, { token: a.token })).json() as {
      items: { action: string; before: unknown; after: unknown; note: string | null; actorEmail: string }[];
    }
  ).items;

const download = (token: string, id: string) =>
  portal.api.get(`/api/v1/records/export-logs/${id}/download`, { token });

beforeAll(async () => {
  portal = await createTestPortal();
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  const global = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const second = buildUserInput(a.tenant.id, { role: 'TENANT_ADMIN' });
  expect((await portal.api.post('/api/v1/auth/register', { token: global, body: second })).statusCode).toBe(
    201,
  );
  admin2 = await portal.login(second.email, second.password);
  admin2Email = second.email;
  const seeded = await seedRecords(portal, a.tenant.id, [
    { fullName: 'Pending One', nin: '80000000001', psn: 'PSN8001', status: 'PENDING_GRADE_VALIDATION' },
    { fullName: 'Pending Two', nin: '80000000002', psn: 'PSN8002', status: 'PENDING_GRADE_VALIDATION' },
    { fullName: 'Pending Three', nin: '80000000003', psn: 'PSN8003', status: 'PENDING_GRADE_VALIDATION' },
    { fullName: 'Mismatched One', nin: '80000000004', psn: 'PSN8004', status: 'MISMATCHED' },
    {
      fullName: 'Paid Pensioner',
      nin: '80000000005',
      psn: 'PSN8005',
      status: 'VALIDATED',
      dateOfBirth: yearsAgo(66),
    },
    { fullName: 'Paid Worker', nin: '80000000006', psn: 'PSN8006', status: 'VALIDATED' },
    { fullName: 'Pending Four', nin: '80000000007', psn: 'PSN8007', status: 'PENDING_GRADE_VALIDATION' },
  ]);
  ['P1', 'P2', 'P3', 'M1', 'V1', 'V2', 'P4'].forEach((k, i) => (ids[k] = seeded[i]!));
  await seedRecords(portal, b.tenant.id, [
    { fullName: 'Other Tenant', nin: '80000000009', psn: 'PSN9001', status: 'PENDING_GRADE_VALIDATION' },
  ]);
  reviewerEmail = `four.eyes.reviewer.${Date.now()}@example.gov.ng`;
  const made = await portal.api.post('/api/v1/tenant-admin/users', {
    token: a.token,
    body: { fullName: 'Four Eyes Reviewer', email: reviewerEmail, password: PASSWORD, role: 'REVIEWER' },
  });
  expect(made.statusCode, made.body).toBe(201);
  const facets = (await portal.api.get('/api/v1/records/facets', { token: a.token })).json() as {
    ministries: { id: string }[];
    departments: { id: string }[];
  };
  const assigned = await portal.api.put(
    `/api/v1/tenant-admin/reviewers/${(made.json() as { id: string }).id}/assignments`,
    {
      token: a.token,
      body: {
        ministryIds: facets.ministries.map((m) => m.id),
        departmentIds: facets.departments.map((d) => d.id),
      },
    },
  );
  expect(assigned.statusCode, assigned.body).toBe(200);
  reviewer = await portal.login(reviewerEmail, PASSWORD);
  const agentEmail = `four.eyes.agent.${Date.now()}@example.gov.ng`;
  await portal.api.post('/api/v1/tenant-admin/users', {
    token: a.token,
    body: { fullName: 'Four Eyes Agent', email: agentEmail, password: PASSWORD, role: 'AGENT' },
  });
  agent = await portal.login(agentEmail, PASSWORD);
}, 60_000);
afterAll(async () => {
  await portal?.close();
});

describe('four-eyes (issue #22)', () => {
  it('is off by default: the settings say so and a first export completes as in SPEC', async () => {
    const settings = await portal.api.get('/api/v1/tenant-admin/settings', { token: a.token });
    expect(settings.json()).toMatchObject({ secondApprover: false });
    const first = await exportNow(portal, a.token);
    expect(first).toMatchObject({ status: 'COMPLETED', recordCount: 2, approvedByEmail: null });
    expect((await download(a.token, first.id)).statusCode).toBe(200);
    expect((await approvals(a.token)).total).toBe(0);
  });

  it("a reviewer's rejection awaits approval, leaves the queue, refuses changes, and a second admin approves it", async () => {
    await setFourEyes(true);
    const res = await reject(reviewer, ids.P1!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'PENDING_SECOND_APPROVAL',
      statusBeforeApproval: 'PENDING_GRADE_VALIDATION',
    });
    const queue = (
      await portal.api.get('/api/v1/records/queue/pending-approval', { token: reviewer })
    ).json() as {
      items: MasterRecord[];
    };
    expect(queue.items.map((r) => r.id)).not.toContain(ids.P1);
    const listed = await approvals(a.token);
    const approval = listed.items.find((i) => i.recordId === ids.P1)!;
    expect(approval).toMatchObject({
      kind: 'REJECTION',
      status: 'PENDING',
      makerEmail: reviewerEmail,
      reasonCode: 'DECEASED',
      reasonLabel: 'Deceased',
      note: 'Died in March',
      mine: false,
      record: {
        psn: 'PSN8001',
        status: 'PENDING_SECOND_APPROVAL',
        statusBeforeApproval: 'PENDING_GRADE_VALIDATION',
      },
    });
    expect(approval.summary).toContain('PSN8001');
    // Issue #30: tenant admin a created the reviewer, so only admin2 (the global admin's) checks it.
    expect(listed.awaitingMe).toBe(0);
    expect((await approvals(admin2)).awaitingMe).toBe(listed.total);
    // The reviewer follows their own; they never check.
    const own = await approvals(reviewer);
    expect(own.items.map((i) => [i.id, i.mine])).toEqual([[approval.id, true]]);
    expect(own.awaitingMe).toBe(0);
    const refusedRole = await act(reviewer, approval.id, 'approve');
    expect(refusedRole.statusCode).toBe(403);
    // While pending: no edit, no decision, no second rejection.
    const edit = await portal.api.put(`/api/v1/records/${ids.P1}`, {
      token: a.token,
      body: { fullName: 'Pending One', department: 'Nursing Services' },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(APPROVAL_MESSAGES.recordPending);
    const again = await portal.api.post(`/api/v1/records/${ids.P1}/validate`, {
      token: a.token,
      body: { decision: 'APPROVE' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(APPROVAL_MESSAGES.recordPending);
    expect((await recordOf(ids.P1!)).status).toBe('PENDING_SECOND_APPROVAL');

    const family = await act(a.token, approval.id, 'approve', { note: 'My own reviewer' });
    expect(family.statusCode).toBe(403);
    expect(family.json().message).toBe(APPROVAL_MESSAGES.sameCreator);
    const ok = await act(admin2, approval.id, 'approve', { note: 'Death certificate seen' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'APPROVED',
      checkerEmail: admin2Email,
      checkerNote: 'Death certificate seen',
    });
    expect(await recordOf(ids.P1!)).toMatchObject({
      status: 'REJECTED',
      statusReasonCode: 'DECEASED',
      statusBeforeApproval: null,
    });
    const story = await history(ids.P1!);
    expect(story.slice(0, 2)).toMatchObject([
      {
        action: 'RECORD_REJECTED',
        actorEmail: admin2Email,
        after: { status: 'REJECTED', reasonCode: 'DECEASED' },
      },
      {
        action: 'APPROVAL_REQUESTED',
        actorEmail: reviewerEmail,
        after: { status: 'PENDING_SECOND_APPROVAL', reasonCode: 'DECEASED' },
        note: 'Died in March',
      },
    ]);
    const granted = await portal.db.orm.execute<{ address: string | null; record_id: string }>(sql`
      select address, record_id from audit_events where action = 'APPROVAL_GRANTED' and tenant_id = ${a.tenant.id}`);
    expect(granted.rows).toEqual([{ address: expect.any(String), record_id: ids.P1 }]);
    // Decided: nothing more on it.
    expect((await act(admin2, approval.id, 'decline', { note: 'late' })).statusCode).toBe(409);
    expect((await act(reviewer, approval.id, 'withdraw')).statusCode).toBe(409);
  });

  it("nobody approves their own action, an admin included (403 with why); another admin's decline returns the record with the note", async () => {
    const res = await portal.api.post(`/api/v1/records/${ids.P2}/validate`, {
      token: a.token,
      body: { status: 'REJECTED', note: 'Not known at the school', reasonCode: 'OTHER' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const approval = await pendingOf(ids.P2!);
    expect(approval).toMatchObject({ mine: true, makerEmail: a.email });
    expect((await approvals(a.token)).awaitingMe).toBe(0);
    expect((await approvals(admin2)).awaitingMe).toBe(1);
    for (const verb of ['approve', 'decline'] as const) {
      const own = await act(a.token, approval.id, verb, { note: 'mine' });
      expect(own.statusCode, verb).toBe(403);
      expect(own.json().message).toBe(APPROVAL_MESSAGES.ownAction);
    }
    const noNote = await act(admin2, approval.id, 'decline', { note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().details).toMatchObject({ note: APPROVAL_MESSAGES.noteRequired });
    const declined = await act(admin2, approval.id, 'decline', {
      note: 'The school roll lists her; check again',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'DECLINED', checkerEmail: admin2Email });
    expect(await recordOf(ids.P2!)).toMatchObject({
      status: 'PENDING_GRADE_VALIDATION',
      statusReasonCode: null,
    });
    // Back in the reviewer's queue, the checker's note in its history.
    const queue = (
      await portal.api.get('/api/v1/records/queue/pending-approval', { token: reviewer })
    ).json() as {
      items: MasterRecord[];
    };
    expect(queue.items.map((r) => r.id)).toContain(ids.P2);
    const [last] = await history(ids.P2!);
    expect(last).toMatchObject({
      action: 'APPROVAL_DECLINED',
      actorEmail: admin2Email,
      before: { status: 'PENDING_SECOND_APPROVAL' },
      after: { status: 'PENDING_GRADE_VALIDATION' },
      note: 'Declined by the second approver: The school roll lists her; check again',
    });
  });

  it('the maker withdraws (another user cannot), and the record returns to its queue', async () => {
    expect((await reject(reviewer, ids.M1!, 'DUPLICATE_RECORD', 'Same as PSN8002')).statusCode).toBe(200);
    const approval = await pendingOf(ids.M1!);
    const other = await act(admin2, approval.id, 'withdraw');
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(APPROVAL_MESSAGES.notMaker);
    const withdrawn = await act(reviewer, approval.id, 'withdraw');
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: 'WITHDRAWN' });
    expect((await recordOf(ids.M1!)).status).toBe('MISMATCHED');
    expect((await history(ids.M1!))[0]).toMatchObject({
      action: 'APPROVAL_WITHDRAWN',
      actorEmail: reviewerEmail,
    });
    expect((await approvals(a.token, '?status=WITHDRAWN')).items.map((i) => i.id)).toEqual([approval.id]);
  });

  it('a record changed since the decision cannot be approved (409); it can still be declined', async () => {
    expect((await reject(reviewer, ids.P4!, 'ABSCONDED', 'Left in May')).statusCode).toBe(200);
    const approval = await pendingOf(ids.P4!);
    // An upload touches it meanwhile (the master list stays the authority): its version moves.
    await portal.db.orm.execute(sql`update records set version = version + 1 where id = ${ids.P4}`);
    const stale = await act(admin2, approval.id, 'approve');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(APPROVAL_MESSAGES.recordChanged);
    expect((await recordOf(ids.P4!)).status).toBe('PENDING_SECOND_APPROVAL');
    expect((await act(admin2, approval.id, 'decline', { note: 'Take it again' })).statusCode).toBe(200);
    expect((await recordOf(ids.P4!)).status).toBe('PENDING_GRADE_VALIDATION');
  });

  it('an integrity CONFIRM awaits approval and the record stays in the export; an export waits for another admin before download', async () => {
    await currentSummary(portal, a.token);
    const flag = (await allFlags(portal, a.token, '&rule=PAST_RETIREMENT_AGE')).find(
      (f) => f.recordId === ids.V1,
    )!;
    const confirmed = await decide(portal, a.token, flag.id, { decision: 'CONFIRM', reasonCode: 'RETIRED' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'OPEN', recordStatus: 'PENDING_SECOND_APPROVAL' });
    expect(await recordOf(ids.V1!)).toMatchObject({
      status: 'PENDING_SECOND_APPROVAL',
      statusBeforeApproval: 'VALIDATED',
    });
    const confirmation = await pendingOf(ids.V1!);
    expect(confirmation).toMatchObject({ kind: 'INTEGRITY_CONFIRM', flagId: flag.id, reasonCode: 'RETIRED' });
    // A second decision on the flag waits for the first.
    expect(
      (await decide(portal, admin2, flag.id, { decision: 'DISMISS', reasonCode: 'DATA_ERROR' })).statusCode,
    ).toBe(409);

    // Still paid while pending: the export carries it, and waits for approval.
    const job = await exportNow(portal, a.token);
    expect(job).toMatchObject({ status: 'AWAITING_APPROVAL', recordCount: 2 });
    const refused = await download(a.token, job.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(APPROVAL_MESSAGES.exportAwaiting);
    const exportApproval = (await approvals(admin2, '?kind=EXPORT')).items[0]!;
    expect(exportApproval).toMatchObject({
      kind: 'EXPORT',
      exportId: job.id,
      makerEmail: a.email,
      export: { recordCount: 2, sha256: job.sha256, added: 0, removed: 0, removedByReason: [] },
    });
    expect(exportApproval.export!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await act(a.token, exportApproval.id, 'approve')).statusCode).toBe(403);
    expect((await act(admin2, exportApproval.id, 'approve')).statusCode).toBe(200);
    const logs = (
      await portal.api.get('/api/v1/records/export-logs', { token: a.token })
    ).json() as ExportJob[];
    expect(logs.find((l) => l.id === job.id)).toMatchObject({
      status: 'COMPLETED',
      approvedByEmail: admin2Email,
    });
    const file = await download(a.token, job.id);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('PSN8005');
    expect(file.body).not.toContain('PENDING_SECOND_APPROVAL'); // paid as VALIDATED
    const audited = await portal.db.orm.execute<{ action: string }>(sql`
      select action from audit_events where tenant_id = ${a.tenant.id} and entity_id = ${job.id} order by id`);
    expect(audited.rows.map((r) => r.action)).toEqual([
      'PAYROLL_EXPORT_REQUESTED',
      'EXPORT_GENERATED',
      'APPROVAL_REQUESTED',
      'APPROVAL_GRANTED',
      'EXPORT_DOWNLOADED',
    ]);

    // The confirmation approved: rejected, the flag confirmed, and the next export shows it removed by reason.
    expect((await act(admin2, confirmation.id, 'approve')).statusCode).toBe(200);
    expect(await recordOf(ids.V1!)).toMatchObject({ status: 'REJECTED', statusReasonCode: 'RETIRED' });
    expect((await allFlags(portal, a.token, '&status=CONFIRMED')).map((f) => f.id)).toContain(flag.id);
    const next = await exportNow(portal, admin2);
    expect(next).toMatchObject({ status: 'AWAITING_APPROVAL', recordCount: 1 });
    const nextApproval = (await approvals(a.token, '?kind=EXPORT')).items[0]!;
    expect(nextApproval.export).toMatchObject({
      previousExportId: job.id,
      previousRecordCount: 2,
      added: 0,
      removed: 1,
      removedByReason: [{ reason: 'RETIRED', label: 'Retired', count: 1 }],
    });
    expect((await act(admin2, nextApproval.id, 'approve')).statusCode).toBe(403);
    expect((await act(a.token, nextApproval.id, 'approve')).statusCode).toBe(200);
    expect((await download(admin2, next.id)).body).not.toContain('PSN8005');
  });

  it('an older export cannot be approved once a newer one was (its change would be wrong)', async () => {
    const older = await exportNow(portal, a.token);
    const newer = await exportNow(portal, a.token);
    const list = (await approvals(admin2, '?kind=EXPORT')).items;
    const ofOlder = list.find((i) => i.exportId === older.id)!;
    const ofNewer = list.find((i) => i.exportId === newer.id)!;
    expect((await act(admin2, ofNewer.id, 'approve')).statusCode).toBe(200);
    const superseded = await act(admin2, ofOlder.id, 'approve');
    expect(superseded.statusCode).toBe(409);
    expect(superseded.json().message).toBe(APPROVAL_MESSAGES.exportSuperseded);
    expect((await act(admin2, ofOlder.id, 'decline', { note: 'superseded' })).statusCode).toBe(200);
    const logs = (
      await portal.api.get('/api/v1/records/export-logs', { token: a.token })
    ).json() as ExportJob[];
    expect(logs.find((l) => l.id === older.id)).toMatchObject({ status: 'FAILED' });
  });

  it('an upload that changes the identity of a record awaiting approval keeps it waiting, and in the payroll (issue #30)', async () => {
    // As an integrity CONFIRM of a VALIDATED record leaves it (the route is tested above).
    await portal.db.orm.execute(sql`
      update records set status = 'PENDING_SECOND_APPROVAL', status_before_approval = 'VALIDATED' where id = ${ids.V2}`);
    const up = await uploadFile(
      portal,
      a.token,
      'identity.csv',
      csvOf([{ name: 'Paid Worker Renamed', nin: '80000000006', psn: 'PSN8006' }]),
    );
    expect(up.statusCode, up.body).toBe(200);
    expect(await recordOf(ids.V2!)).toMatchObject({
      status: 'PENDING_SECOND_APPROVAL',
      statusBeforeApproval: 'VALIDATED',
      fullName: 'Paid Worker Renamed',
    });
  });

  it("another tenant's approval is 404 and nothing of it changes; other roles are refused", async () => {
    expect((await reject(reviewer, ids.P3!, 'FAKE_APPOINTMENT', 'No appointment letter')).statusCode).toBe(
      200,
    );
    const approval = await pendingOf(ids.P3!);
    for (const verb of ['approve', 'decline', 'withdraw'] as const) {
      const res = await act(b.token, approval.id, verb, { note: 'x' });
      expect(res.statusCode, verb).toBe(404);
    }
    expect((await approvals(b.token)).total).toBe(0);
    expect(await pendingOf(ids.P3!)).toMatchObject({ id: approval.id, status: 'PENDING' });
    for (const [token, path] of [
      [agent, '/api/v1/approvals'],
      [agent, '/api/v1/tenant-admin/reason-codes'],
    ] as const)
      expect((await portal.api.get(path, { token })).statusCode).toBe(403);
    expect((await act(agent, approval.id, 'withdraw')).statusCode).toBe(403);
    expect((await act(reviewer, approval.id, 'decline', { note: 'x' })).statusCode).toBe(403);
  });

  it('lists from the route table the routes that can create a tenant admin, change the settings, reject, confirm or export: with the setting on, only they ask for approval, and none takes effect by itself', async () => {
    const unsafe = API_ROUTES.filter((r) => r.method !== 'GET' && !r.public);
    const makers = unsafe.filter((r) => r.fourEyes === 'MAKER').map((r) => `${r.method} ${r.path}`);
    expect(makers.sort()).toEqual([
      'POST /api/v1/appeals/:id/decide',
      'POST /api/v1/campaigns/:id/excuse',
      'POST /api/v1/campaigns/:id/suspend-no-shows',
      'POST /api/v1/integrity/flags/:id/decision',
      'POST /api/v1/records/:id/validate',
      'POST /api/v1/records/export',
      'POST /api/v1/records/upload',
      'POST /api/v1/tenant-admin/users',
      'PUT /api/v1/tenant-admin/settings',
    ]);
    // A fresh record in each review state and an OPEN flag, for every route to try its worst.
    const [pending, mismatched, pensioner] = await seedRecords(portal, a.tenant.id, [
      { fullName: 'Route Pending', nin: '80000000011', psn: 'PSN8011', status: 'PENDING_GRADE_VALIDATION' },
      { fullName: 'Route Mismatched', nin: '80000000012', psn: 'PSN8012', status: 'MISMATCHED' },
      {
        fullName: 'Route Pensioner',
        nin: '80000000013',
        psn: 'PSN8013',
        status: 'VALIDATED',
        dateOfBirth: yearsAgo(70),
      },
      { fullName: 'Route Paid', nin: '80000000014', psn: 'PSN8014', status: 'VALIDATED' },
    ]);
    await portal.api.post('/api/v1/integrity/evaluate', { token: a.token });
    await currentSummary(portal, a.token);
    const flag = (await allFlags(portal, a.token)).find((f) => f.recordId === pensioner)!;
    // Issue #34: a rejected person's appeal, which a reinstating decision would put back on the path.
    const [appellant] = await seedRecords(portal, a.tenant.id, [
      { fullName: 'Route Appellant', nin: '80000000015', psn: 'PSN8015', status: 'REJECTED' },
    ]);
    const lodged = await portal.api.post('/api/v1/appeals', {
      token: a.token,
      body: { recordId: appellant, kind: 'NOT_ME', grounds: 'route walk' },
    });
    expect(lodged.statusCode, lodged.body).toBe(201);
    const appealId = (lodged.json() as { id: string }).id;
    // Each route's worst request (a function: a fresh one per call); {} for the others.
    const worst: Record<string, unknown> = {
      // Issue #30: a sock-puppet tenant admin, and the second approver switched off (with a rule).
      'POST /api/v1/tenant-admin/users': () => ({
        fullName: 'Route Walk Admin',
        email: `route.walk.${crypto.randomUUID()}@example.gov.ng`,
        password: PASSWORD,
        role: 'TENANT_ADMIN',
      }),
      'PUT /api/v1/tenant-admin/settings': {
        secondApprover: false,
        integrity: { retirementAge: 75, rules: { PAST_RETIREMENT_AGE: false } },
      },
      'POST /api/v1/records/:id/validate': {
        decision: 'REJECT',
        comments: 'route walk',
        reasonCode: 'OTHER',
      },
      'POST /api/v1/integrity/flags/:id/decision': {
        decision: 'CONFIRM',
        reasonCode: 'OTHER',
        note: 'route walk',
      },
      'PUT /api/v1/records/:id': { fullName: 'Route Walk', department: 'Nursing Services' },
      'POST /api/v1/records/bulk-approve': { records: [{ id: pending, version: 1 }] },
      // Issue #33: an excusal keeps a person off an exercise's no-show list.
      'POST /api/v1/campaigns/:id/excuse': {
        recordId: pending,
        reasonCode: 'STUDY_LEAVE',
        note: 'route walk',
      },
      // Issue #34: upholding an appeal puts a person back on the path to the payroll.
      'POST /api/v1/appeals/:id/decide': { decision: 'UPHELD', note: 'route walk' },
    };
    // An exercise of every record, open today, for the exercise's routes.
    const today = dayIn(new Date(), DEFAULT_TIME_ZONE);
    const exercise = await portal.api.post('/api/v1/campaigns', {
      token: a.token,
      body: { name: 'Route walk', opensOn: today, closesOn: today, graceDays: 0 },
    });
    expect(exercise.statusCode, exercise.body).toBe(201);
    const campaignId = (exercise.json() as { id: string }).id;
    // And one of every record that closed (its days moved back by hand): its no-shows to suspend.
    const closed = await portal.api.post('/api/v1/campaigns', {
      token: a.token,
      body: { name: 'Route walk, closed', opensOn: '2091-01-01', closesOn: '2091-01-02', graceDays: 0 },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const closedId = (closed.json() as { id: string }).id;
    await portal.db.orm.execute(
      sql`update campaigns set opens_on = '2020-01-01', closes_on = '2020-01-02' where id = ${closedId}`,
    );
    const idFor = (path: string, recordId: string) =>
      path.includes('/appeals/')
        ? appealId
        : path.includes('/integrity/flags/')
          ? flag.id
          : path.includes('/suspend-no-shows')
            ? closedId
            : path.includes('/campaigns/')
              ? campaignId
              : path.includes('/export-logs/')
                ? crypto.randomUUID()
                : recordId;
    const counts = async () =>
      (
        await portal.db.orm.execute<{
          rejected: number;
          completed: number;
          approvals: number;
          admins: number;
          settings: string;
          paid: string[] | null;
          excused: number;
          suspended: number;
          reinstated: number;
        }>(sql`
          select (select count(*)::int from records where tenant_id = ${a.tenant.id} and status = 'REJECTED') as rejected,
            (select count(*)::int from export_jobs where tenant_id = ${a.tenant.id} and status = 'COMPLETED') as completed,
            (select count(*)::int from approvals where tenant_id = ${a.tenant.id}) as approvals,
            (select count(*)::int from users where tenant_id = ${a.tenant.id} and role = 'TENANT_ADMIN' and status = 'ACTIVE') as admins,
            (select settings::text from tenant_settings where tenant_id = ${a.tenant.id}) as settings,
            (select count(*)::int from campaign_excusals where tenant_id = ${a.tenant.id}) as excused,
            (select count(*)::int from records where tenant_id = ${a.tenant.id} and status = 'SUSPENDED') as suspended,
            (select count(*)::int from appeals where tenant_id = ${a.tenant.id} and reinstated_to is not null) as reinstated,
            (select array_agg(r.id::text) from records r where r.tenant_id = ${a.tenant.id} and ${sql.raw(inPayrollSql('r'))}) as paid`)
      ).rows[0]!;
    // Not walked: the second approver's own routes (they carry an approval out), signing out.
    const walked = unsafe.filter((r) => r.fourEyes !== 'CHECKER' && r.path !== '/api/v1/auth/logout');
    const asking: string[] = [];
    for (const route of walked as ApiRoute[]) {
      for (const [token, recordId] of [
        [reviewer, mismatched!],
        [a.token, pending!],
      ] as const) {
        const before = await counts();
        const key = `${route.method} ${route.path}`;
        const url = route.path.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
          name === 'code' ? 'OTHER' : idFor(route.path, recordId),
        );
        const body = worst[key] ?? {};
        const res =
          key === 'POST /api/v1/records/upload' // its worst: renames a VALIDATED person (issue #30)
            ? await uploadFile(
                portal,
                token,
                'walk.csv',
                csvOf([{ name: 'Route Renamed', psn: 'PSN8014', nin: '80000000014' }]),
              )
            : await portal.api.call(route.method, url, {
                token,
                body: route.method === 'DELETE' ? undefined : typeof body === 'function' ? body() : body,
              });
        expect(res.statusCode, `${key} ${res.body}`).toBeLessThan(500);
        if (key === 'POST /api/v1/records/export')
          await waitFor(async () =>
            (
              await portal.db.orm.execute<{ n: number }>(sql`
                select count(*)::int as n from export_jobs where tenant_id = ${a.tenant.id} and status in ('PENDING', 'PROCESSING')`)
            ).rows[0]!.n === 0
              ? true
              : undefined,
          );
        const after = await counts();
        expect(after.rejected, `${key} rejected a record`).toBe(before.rejected);
        expect(after.completed, `${key} completed an export`).toBe(before.completed);
        expect(after.admins, `${key} made an active tenant admin`).toBe(before.admins);
        expect(after.settings, `${key} changed the settings`).toBe(before.settings);
        expect(after.excused, `${key} excused someone from an exercise`).toBe(before.excused);
        expect(after.suspended, `${key} suspended a no-show`).toBe(before.suspended);
        expect(after.reinstated, `${key} reinstated someone on appeal`).toBe(before.reinstated);
        const stillPaid = new Set(after.paid ?? []);
        expect(
          (before.paid ?? []).filter((id) => !stillPaid.has(id)),
          `${key} took a person off the payroll`,
        ).toEqual([]);
        if (after.approvals > before.approvals) asking.push(key);
      }
    }
    expect([...new Set(asking)].sort()).toEqual(makers.sort());
  });
});
