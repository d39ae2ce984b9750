import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ApprovalsPage } from '@portal/contract/decisions';
import type { IntegrityFlag } from '@portal/contract/integrity';
import type { RecordsPage, UploadSummary } from '@portal/contract/records';
import type { QueuePage } from '@portal/contract/validation';
import type { BulkJob } from '@portal/contract/verification';
import { createTestPortal, DEMO_ADMIN, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin, pointTenantAtSimulator } from '../helpers/tenants.ts';
import { startSimProcess, type SimProcess } from '../helpers/simulator-process.ts';
import { buildUserInput } from '../helpers/factories.ts';
import { seedRecords } from '../helpers/records.ts';
import { csvOf, uploadFile } from '../helpers/uploads.ts';
import { allFlags, currentSummary, decide } from '../helpers/integrity.ts';
import { setSecondApprover } from '../helpers/four-eyes.ts';
import { exportNow } from '../helpers/exports.ts';

/*
 * Issue #30, item 3: a ghost returns under a new PSN. A record rejected (through a second approver)
 * comes back in an upload with only its PSN changed; the identity provider finds the person. The new
 * record shares the removed one's NIN and SSID: the upload counts it, the integrity rule
 * SHARES_REMOVED_IDENTITY flags it with the removed record as evidence, and approve, resolve and
 * bulk approve refuse it (409) until the flag is dismissed (by a second tenant admin when the
 * setting is on) — whether or not the rules' evaluation has run yet.
 */

let portal: TestPortal;
let sim: SimProcess;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let admin2: string;
let reviewer: string;
let agent: string;

const GHOST = { name: 'Gbenga Ghost', nin: '61000000001', ssid: 'DMGH00001', dob: '02/01/1980' };
const OTHER = { name: 'Ruth Real', nin: '61000000002', ssid: 'DMGH00002', dob: '02/01/1981' };

const post = (url: string, token: string, body?: unknown) =>
  portal.api.post(url, { token, body: body ?? {} });
const recordByPsn = async (psn: string) =>
  (
    await portal.db.orm.execute<{ id: string; status: string; version: number }>(
      sql`select id, status, version from records where tenant_id = ${a.tenant.id} and psn = ${psn}`,
    )
  ).rows[0]!;
const approvals = async (token: string, query = '') =>
  (await portal.api.get(`/api/v1/approvals${query}`, { token })).json() as ApprovalsPage;
const act = (token: string, id: string, verb: 'approve' | 'decline' | 'withdraw', body?: unknown) =>
  post(`/api/v1/approvals/${id}/${verb}`, token, body);
const approveRecord = (token: string, id: string) =>
  post(`/api/v1/records/${id}/validate`, token, { decision: 'APPROVE' });
const pendingQueue = async (token: string) =>
  (await portal.api.get('/api/v1/records/queue/pending-approval', { token })).json() as QueuePage;

async function upload(rows: { name: string; psn: string; nin: string; ssid: string; dob: string }[]) {
  const res = await uploadFile(portal, a.token, 'master.csv', csvOf(rows));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UploadSummary;
}
async function bulkVerify() {
  const res = await post('/api/v1/records/bulk-verify', a.token);
  expect(res.statusCode, res.body).toBeLessThan(300);
  const id = (res.json() as BulkJob).id;
  await waitFor(async () => {
    const jobs = (await portal.api.get('/api/v1/bulk-jobs', { token: a.token })).json() as BulkJob[];
    return jobs.find((j) => j.id === id)?.status === 'COMPLETED' ? true : undefined;
  }, 60_000);
}
beforeAll(async () => {
  portal = await createTestPortal({ env: { VERIFY_CHUNK_SIZE: '100' } });
  sim = await startSimProcess(
    [GHOST, OTHER].map((p, i) => ({
      nin: p.nin,
      ssid: p.ssid,
      fullName: p.name,
      dateOfBirth: `198${i}-01-02`,
      gradeLevel: 'GL 08',
    })),
  );
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  await pointTenantAtSimulator(portal, a.tenant, sim.url);
  const global = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const second = buildUserInput(a.tenant.id, { role: 'TENANT_ADMIN' });
  expect((await portal.api.post('/api/v1/auth/register', { token: global, body: second })).statusCode).toBe(
    201,
  );
  admin2 = await portal.login(second.email, second.password);
  for (const role of ['REVIEWER', 'AGENT'] as const) {
    const email = `ghost.${role.toLowerCase()}.${Date.now()}@example.gov.ng`;
    const made = await post('/api/v1/tenant-admin/users', a.token, {
      fullName: `Ghost ${role}`,
      email,
      password: 'Str0ng-Passw0rd',
      role,
    });
    expect(made.statusCode, made.body).toBe(201);
    const token = await portal.login(email, 'Str0ng-Passw0rd');
    if (role === 'REVIEWER') reviewer = token;
    else agent = token;
  }
  const on = await portal.api.put('/api/v1/tenant-admin/settings', {
    token: a.token,
    body: { secondApprover: true },
  });
  expect(on.statusCode, on.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await sim?.stop();
  await portal?.close();
});

describe('a ghost returning under a new PSN (issue #30, item 3)', () => {
  let ghostId: string;
  let returnedId: string;
  let flag: IntegrityFlag;

  it('is rejected through a second approver, then comes back in an upload that counts it', async () => {
    const first = await upload([
      { ...GHOST, psn: 'PSNGH1' },
      { ...OTHER, psn: 'PSNRR1' },
    ]);
    expect(first.newRecordsCreated).toBe(2);
    await bulkVerify();
    ghostId = (await recordByPsn('PSNGH1')).id;
    const rejected = await post(`/api/v1/records/${ghostId}/validate`, a.token, {
      decision: 'REJECT',
      reasonCode: 'FAKE_APPOINTMENT',
      comments: 'No appointment letter on file',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const pending = (await approvals(admin2)).items.find((i) => i.recordId === ghostId)!;
    expect((await act(admin2, pending.id, 'approve')).statusCode).toBe(200);
    expect((await recordByPsn('PSNGH1')).status).toBe('REJECTED');

    // The same row, only the PSN changed (the other row as it was).
    const again = await upload([
      { ...GHOST, psn: 'PSNGH2' },
      { ...OTHER, psn: 'PSNRR1' },
    ]);
    await bulkVerify();
    const returned = await recordByPsn('PSNGH2');
    expect(returned.status).toBe('PENDING_GRADE_VALIDATION');
    returnedId = returned.id;
    // The upload counts the returning row (and none in the first file).
    expect([first.sharesRemovedIdentity, again]).toMatchObject([
      0,
      { newRecordsCreated: 1, sharesRemovedIdentity: 1 },
    ]);
  }, 120_000);

  it('is held before the rules have run: approve, bulk approve (409, naming the removed record) and the queue', async () => {
    // No evaluation has run since the upload and verification: the hold does not wait for it.
    const res = await approveRecord(a.token, returnedId);
    expect(res.statusCode, res.body).toBe(409);
    const message = (res.json() as { message: string }).message;
    expect(message).toContain('PSNGH1 Gbenga Ghost');
    expect(message).toContain('rejected (Fake appointment)');
    expect(message).toContain('NIN, SSID');
    const ghost2 = await recordByPsn('PSNGH2');
    const other = await recordByPsn('PSNRR1');
    const bulk = await post('/api/v1/records/bulk-approve', admin2, {
      records: [
        { id: ghost2.id, version: ghost2.version },
        { id: other.id, version: other.version },
      ],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const outcome = bulk.json() as { approved: string[]; refused: { id: string; message: string }[] };
    expect(outcome.approved).toEqual([other.id]);
    expect(outcome.refused).toEqual([{ id: returnedId, message }]);
    expect((await recordByPsn('PSNGH2')).status).toBe('PENDING_GRADE_VALIDATION');

    const queue = await pendingQueue(a.token);
    expect(queue.held[returnedId]).toMatchObject({
      removed: [
        {
          recordId: ghostId,
          psn: 'PSNGH1',
          fullName: 'Gbenga Ghost',
          status: 'REJECTED',
          decision: 'REJECTED',
          reasonCode: 'FAKE_APPOINTMENT',
          reasonLabel: 'Fake appointment',
          fields: ['NIN', 'SSID'],
        },
      ],
    });
    expect(queue.held[returnedId]!.removed[0]!.decidedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Tenant B sees nothing of it.
    expect((await pendingQueue(b.token)).held).toEqual({});
  });

  it('is flagged by SHARES_REMOVED_IDENTITY with the removed record, its decision, reason and date as evidence', async () => {
    await currentSummary(portal, a.token);
    const flags = await allFlags(portal, a.token, '&rule=SHARES_REMOVED_IDENTITY');
    expect(flags).toHaveLength(1);
    flag = flags[0]!;
    expect(flag).toMatchObject({
      recordId: returnedId,
      psn: 'PSNGH2',
      status: 'OPEN',
      evidence: {
        kind: 'REMOVED_MATCH',
        fields: ['NIN', 'SSID'],
        removed: [
          {
            psn: 'PSNGH1',
            decision: 'REJECTED',
            reasonCode: 'FAKE_APPOINTMENT',
            reasonLabel: 'Fake appointment',
          },
        ],
      },
    });
    // The queue names the flag to decide; the search finds it by the new PSN.
    expect((await pendingQueue(a.token)).held[returnedId]!.flagId).toBe(flag.id);
    expect((await allFlags(portal, a.token, '&q=PSNGH2')).map((f) => f.id)).toContain(flag.id);
    // The other tenant cannot see or decide it.
    expect(
      (await decide(portal, b.token, flag.id, { decision: 'DISMISS', reasonCode: 'DATA_ERROR' })).statusCode,
    ).toBe(404);
  });

  it('a dismissal waits for a second tenant admin (FLAG_DISMISSAL); until granted the record stays held', async () => {
    const dismissed = await decide(portal, a.token, flag.id, {
      decision: 'DISMISS',
      reasonCode: 'VERIFIED_IN_PERSON',
      note: 'Seen at the headcount with a new appointment letter',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toMatchObject({ status: 'OPEN', recordStatus: 'PENDING_GRADE_VALIDATION' });
    const approval = (await approvals(admin2, '?kind=FLAG_DISMISSAL')).items[0]!;
    expect(approval).toMatchObject({
      kind: 'FLAG_DISMISSAL',
      status: 'PENDING',
      flagId: flag.id,
      recordId: returnedId,
      reasonCode: 'VERIFIED_IN_PERSON',
      mine: false,
      record: { psn: 'PSNGH2' },
    });
    expect((await approvals(admin2)).awaitingMe).toBeGreaterThanOrEqual(1);
    // Still held; the flag is not decided again meanwhile; nobody approves their own.
    expect((await approveRecord(a.token, returnedId)).statusCode).toBe(409);
    expect(
      (await decide(portal, admin2, flag.id, { decision: 'DISMISS', reasonCode: 'DATA_ERROR' })).statusCode,
    ).toBe(409);
    expect((await act(a.token, approval.id, 'approve')).statusCode).toBe(403);
    expect((await act(reviewer, approval.id, 'approve')).statusCode).toBe(403);
    expect((await act(agent, approval.id, 'approve')).statusCode).toBe(403);
    expect((await act(b.token, approval.id, 'approve')).statusCode).toBe(404);
    // A rejection of the record waits its turn (409), it does not fail.
    const reject = await post(`/api/v1/records/${returnedId}/validate`, admin2, {
      decision: 'REJECT',
      reasonCode: 'DUPLICATE_RECORD',
      comments: 'x',
    });
    expect(reject.statusCode, reject.body).toBe(409);

    // A decline leaves it held; a second dismissal, granted, lets it in.
    expect((await act(admin2, approval.id, 'decline', { note: 'Show me the letter' })).statusCode).toBe(200);
    expect((await pendingQueue(a.token)).held[returnedId]).toBeDefined();
    expect((await approveRecord(a.token, returnedId)).statusCode).toBe(409);
    expect(
      (
        await decide(portal, a.token, flag.id, {
          decision: 'DISMISS',
          reasonCode: 'VERIFIED_IN_PERSON',
          note: 'Letter seen',
        })
      ).statusCode,
    ).toBe(200);
    const again = (await approvals(admin2, '?kind=FLAG_DISMISSAL')).items[0]!;
    const granted = await act(admin2, again.id, 'approve', { note: 'Letter checked' });
    expect(granted.statusCode, granted.body).toBe(200);
    const decided = (await allFlags(portal, a.token, '&status=DISMISSED')).find((f) => f.id === flag.id);
    expect(decided).toMatchObject({ status: 'DISMISSED', decision: { reasonCode: 'VERIFIED_IN_PERSON' } });
    expect((await pendingQueue(a.token)).held[returnedId]).toBeUndefined();
    const ok = await approveRecord(a.token, returnedId);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await recordByPsn('PSNGH2')).status).toBe('VALIDATED');
    // The export approver sees the returning person as added, now that the flag is decided.
    const job = await exportNow(portal, a.token);
    expect(job.status).toBe('AWAITING_APPROVAL');
    const exp = (await approvals(admin2, '?kind=EXPORT')).items[0]!;
    expect(exp.export).toMatchObject({ added: 2 });
  }, 60_000);
});

describe('the hold on the other paths (issue #30, item 3)', () => {
  it('resolve refuses a mismatched record sharing a BVN; approve one sharing a bank account (another spelling of the bank); CONFIRM rejects', async () => {
    const [removed, mismatched, pending, clean] = await seedRecords(portal, a.tenant.id, [
      { fullName: 'Removed Rita', nin: '62000000001', psn: 'PSNHX1', status: 'REJECTED' },
      { fullName: 'Mismatched Mike', nin: '62000000002', psn: 'PSNHX2', status: 'MISMATCHED' },
      { fullName: 'Pending Paul', nin: '62000000003', psn: 'PSNHX3', status: 'PENDING_GRADE_VALIDATION' },
      { fullName: 'Clean Clara', nin: '62000000004', psn: 'PSNHX4', status: 'PENDING_GRADE_VALIDATION' },
    ]);
    await portal.db.orm.execute(sql`
      update records set bvn = '22200000001', bank = 'Guaranty Trust Bank Plc', account_number = '0123456789',
        status_reason_code = 'DECEASED' where id = ${removed}`);
    await portal.db.orm.execute(sql`
      update records set bvn = '22200000001', sot_data = '{"fullName": "Mismatched Mike"}'::jsonb where id = ${mismatched}`);
    await portal.db.orm.execute(sql`
      update records set bank = 'GTBank', account_number = '0123456789' where id = ${pending}`);
    await portal.db.orm.execute(sql`
      update records set bank = 'Zenith Bank', account_number = '0123456789' where id = ${clean}`);

    const resolve = await post(`/api/v1/records/${mismatched}/resolve-mismatch`, a.token);
    expect(resolve.statusCode, resolve.body).toBe(409);
    expect(resolve.json().message).toContain(
      'BVN is the same as removed record PSNHX1 Removed Rita, rejected (Deceased)',
    );
    const approve = await approveRecord(a.token, pending!);
    expect(approve.statusCode, approve.body).toBe(409);
    expect(approve.json().message).toContain('bank account is the same as removed record PSNHX1');
    // The same account number at another bank is another account.
    expect((await approveRecord(a.token, clean!)).statusCode).toBe(200);

    // Confirming the flag rejects the record (through the second approver: the setting is on).
    // The rules evaluated after the records were seeded (straight into the database).
    const before = (await currentSummary(portal, a.token)).evaluatedAt;
    expect((await post('/api/v1/integrity/evaluate', a.token)).statusCode).toBeLessThan(300);
    await currentSummary(portal, a.token, before);
    const flags = await allFlags(portal, a.token, '&rule=SHARES_REMOVED_IDENTITY');
    expect(flags.map((f) => f.psn).sort()).toEqual(['PSNHX2', 'PSNHX3']);
    const ofPending = flags.find((f) => f.recordId === pending)!;
    expect(ofPending.evidence).toMatchObject({ kind: 'REMOVED_MATCH', fields: ['BANK_ACCOUNT'] });
    const confirmed = await decide(portal, a.token, ofPending.id, {
      decision: 'CONFIRM',
      reasonCode: 'DUPLICATE_RECORD',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const approval = (await approvals(admin2, '?kind=INTEGRITY_CONFIRM')).items[0]!;
    expect((await act(admin2, approval.id, 'approve')).statusCode).toBe(200);
    const status = (
      (await portal.api.get(`/api/v1/records?ids=${pending}`, { token: a.token })).json() as RecordsPage
    ).items[0]!.status;
    expect(status).toBe('REJECTED');
  }, 60_000);

  it('with the second approver off, a dismissal decides at once and lets the record in', async () => {
    expect(await setSecondApprover(portal, false, a.token, admin2)).toBe(200);
    const flag = (await allFlags(portal, a.token, '&rule=SHARES_REMOVED_IDENTITY')).find(
      (f) => f.psn === 'PSNHX2',
    )!;
    const dismissed = await decide(portal, a.token, flag.id, {
      decision: 'DISMISS',
      reasonCode: 'DATA_ERROR',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toMatchObject({ status: 'DISMISSED' });
    expect((await post(`/api/v1/records/${flag.recordId}/resolve-mismatch`, a.token)).statusCode).toBe(200);
  });
});
