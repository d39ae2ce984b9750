import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPROVAL_MESSAGES, type ApprovalsPage } from '@portal/contract/decisions';
import type { ExportJob } from '@portal/contract/exports';
import {
  EXPORT_CHANGES_CSV_COLUMNS,
  EXPORT_CHANGES_MESSAGES,
  type ExportChangesPage,
  type ExportStaleDetails,
} from '@portal/contract/export-changes';
import { createTestPortal, DEMO_ADMIN, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { buildUserInput } from '../helpers/factories.ts';
import { seedRecords } from '../helpers/records.ts';
import { allFlags, currentSummary, decide } from '../helpers/integrity.ts';
import { exportNow } from '../helpers/exports.ts';

/*
 * Issue #30 items 2 (export half), 5 and 6: an export keeps the four-eyes rule in force when it
 * was requested; an export whose members are no longer the payroll cannot be approved (409 with
 * who joined and left); the approver sees the people an export adds and removes, with the decision
 * that moved each, a page at a time or as CSV.
 */

const PASSWORD = 'Str0ng-Passw0rd';
let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let admin2: string;
let admin2Email: string;
let reviewer: string;
let agent: string;
const ids: Record<string, string> = {};

const yearsAgo = (n: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - n);
  return d.toISOString().slice(0, 10);
};

async function setFourEyes(on: boolean) {
  const res = await portal.api.put('/api/v1/tenant-admin/settings', {
    token: a.token,
    body: { secondApprover: on },
  });
  expect(res.statusCode, res.body).toBe(200);
}
const approvals = async (token: string, query = '') =>
  (await portal.api.get(`/api/v1/approvals${query}`, { token })).json() as ApprovalsPage;
const act = (token: string, id: string, verb: 'approve' | 'decline', body?: unknown) =>
  portal.api.post(`/api/v1/approvals/${id}/${verb}`, { token, body: body ?? {} });
const changes = (token: string, id: string, query = '') =>
  portal.api.get(`/api/v1/approvals/${id}/export-changes${query}`, { token });
const changesCsv = (token: string, id: string) =>
  portal.api.get(`/api/v1/approvals/${id}/export-changes/csv`, { token });

const exportApprovalOf = async (exportId: string) =>
  (await approvals(admin2, '?kind=EXPORT')).items.find((i) => i.exportId === exportId)!;

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
    // The ghost of item 5: a pensioner still on the payroll.
    {
      fullName: 'Ngozi Pensioner',
      nin: '82509100001',
      psn: 'PSN825091',
      status: 'PENDING_GRADE_VALIDATION',
      dateOfBirth: yearsAgo(67),
    },
    {
      fullName: 'Paid Alpha',
      nin: '82509100002',
      psn: 'PSN825092',
      status: 'VALIDATED',
      dateOfBirth: yearsAgo(70),
    },
    { fullName: 'Paid Bravo', nin: '82509100003', psn: 'PSN825093', status: 'VALIDATED' },
    { fullName: 'Paid Charlie', nin: '82509100004', psn: 'PSN825094', status: 'VALIDATED' },
    {
      fullName: 'Paid Delta',
      nin: '82509100005',
      psn: 'PSN825095',
      status: 'VALIDATED',
      ministry: 'Ministry of Works',
    },
    { fullName: 'Paid Echo', nin: '82509100006', psn: 'PSN825096', status: 'VALIDATED' },
    // Joins the payroll in item 6; its name would be a formula in a spreadsheet.
    {
      fullName: '=HYPERLINK("http://x.example")',
      nin: '82509100007',
      psn: 'PSN825097',
      status: 'PENDING_GRADE_VALIDATION',
    },
  ]);
  ['GHOST', 'V1', 'V2', 'V3', 'V4', 'V5', 'JOIN'].forEach((k, i) => (ids[k] = seeded[i]!));
  await portal.db.orm.execute(
    sql`update records set monthly_gross_kobo = 18523450 where tenant_id = ${a.tenant.id}`,
  );
  for (const [role, name] of [
    ['REVIEWER', 'Export Reviewer'],
    ['AGENT', 'Export Agent'],
  ] as const) {
    const email = `export.${role.toLowerCase()}.${Date.now()}@example.gov.ng`;
    const made = await portal.api.post('/api/v1/tenant-admin/users', {
      token: a.token,
      body: { fullName: name, email, password: PASSWORD, role },
    });
    expect(made.statusCode, made.body).toBe(201);
    if (role === 'REVIEWER') reviewer = await portal.login(email, PASSWORD);
    else agent = await portal.login(email, PASSWORD);
  }
  // The last approved export: five paid records, four-eyes off.
  expect(await exportNow(portal, a.token)).toMatchObject({ status: 'COMPLETED', recordCount: 5 });
}, 60_000);
afterAll(async () => {
  await portal?.close();
});

describe('export approval (issue #30)', () => {
  let staleApprovalId: string;

  it('item 5: an export whose members left the payroll after it was generated cannot be approved (409 with who left)', async () => {
    const approved = await portal.api.post(`/api/v1/records/${ids.GHOST}/validate`, {
      token: a.token,
      body: { decision: 'APPROVE' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await setFourEyes(true);
    await portal.api.post('/api/v1/integrity/evaluate', { token: a.token });
    await currentSummary(portal, a.token);
    const flag = (await allFlags(portal, a.token, '&rule=PAST_RETIREMENT_AGE')).find(
      (f) => f.recordId === ids.GHOST,
    )!;
    expect(flag).toBeTruthy();
    const confirmed = await decide(portal, a.token, flag.id, { decision: 'CONFIRM', reasonCode: 'RETIRED' });
    expect(confirmed.json()).toMatchObject({ recordStatus: 'PENDING_SECOND_APPROVAL' });
    // Still paid while the confirmation waits: the export carries her, and waits itself.
    const job = await exportNow(portal, a.token);
    expect(job).toMatchObject({ status: 'AWAITING_APPROVAL', recordCount: 6 });
    const ofExport = await exportApprovalOf(job.id);
    expect(ofExport.export).toMatchObject({ added: 1, removed: 0 });
    staleApprovalId = ofExport.id;
    // The second admin approves the confirmation: she is rejected, off the payroll…
    const confirmation = (await approvals(admin2)).items.find((i) => i.recordId === ids.GHOST)!;
    expect((await act(admin2, confirmation.id, 'approve')).statusCode).toBe(200);
    // …so the file that still pays her as VALIDATED cannot be approved as it is.
    const stale = await act(admin2, ofExport.id, 'approve');
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(EXPORT_CHANGES_MESSAGES.stale(0, 1));
    const details = stale.json().details as ExportStaleDetails;
    expect(details).toMatchObject({ joined: 0, left: 1 });
    expect(details.people).toEqual([
      expect.objectContaining({
        change: 'REMOVED',
        recordId: ids.GHOST,
        psn: 'PSN825091',
        fullName: 'Ngozi Pensioner',
        ministry: 'Ministry of Health',
        monthlyGrossPay: 185234.5,
        status: 'REJECTED',
        cause: expect.objectContaining({
          kind: 'DECISION',
          action: 'RECORD_INTEGRITY_CONFIRMED',
          reasonCode: 'RETIRED',
          reasonLabel: 'Retired',
          decidedBy: a.email,
          approvedBy: admin2Email,
        }),
      }),
    ]);
    // Nothing moved: the export still awaits approval and cannot be downloaded.
    const logs = (
      await portal.api.get('/api/v1/records/export-logs', { token: a.token })
    ).json() as ExportJob[];
    expect(logs.find((l) => l.id === job.id)).toMatchObject({ status: 'AWAITING_APPROVAL' });
    const file = await portal.api.get(`/api/v1/records/export-logs/${job.id}/download`, { token: a.token });
    expect(file.statusCode).toBe(409);
    expect(file.json().message).toBe(APPROVAL_MESSAGES.exportAwaiting);
    expect((await act(admin2, ofExport.id, 'decline', { note: 'Stale: regenerate' })).statusCode).toBe(200);
  });

  it('item 6: the approver sees the people added and removed, with the decision that moved each, paged and as CSV', async () => {
    // Since the last approved export: one joins (approved by the admin), two leave (a confirmed
    // integrity flag approved by a second admin; a re-verification an upload required), and item
    // 5's ghost was never in an approved export.
    expect(
      (
        await portal.api.post(`/api/v1/records/${ids.JOIN}/validate`, {
          token: a.token,
          body: { decision: 'APPROVE' },
        })
      ).statusCode,
    ).toBe(200);
    const flag = (await allFlags(portal, a.token, '&rule=PAST_RETIREMENT_AGE')).find(
      (f) => f.recordId === ids.V1,
    )!;
    const confirmed = await decide(portal, a.token, flag.id, {
      decision: 'CONFIRM',
      reasonCode: 'DECEASED',
    });
    expect(confirmed.json()).toMatchObject({ recordStatus: 'PENDING_SECOND_APPROVAL' });
    const confirmation = (await approvals(admin2)).items.find((i) => i.recordId === ids.V1)!;
    expect((await act(admin2, confirmation.id, 'approve')).statusCode).toBe(200);
    await portal.db.orm.execute(sql`
      update records set status = 'AWAITING_REVALIDATION', version = version + 1 where id = ${ids.V4}`);
    await portal.db.orm.execute(sql`
      insert into audit_events (tenant_id, actor_user_id, actor_email, action, entity_type, entity_id, record_id, psn, before, after)
      values (${a.tenant.id}, null, ${a.email}, 'RECORD_REVERIFICATION_REQUIRED', 'record', ${ids.V4}, ${ids.V4}::uuid,
        'PSN825095', '{"status":"VALIDATED"}'::jsonb, '{"status":"AWAITING_REVALIDATION"}'::jsonb)`);

    const job = await exportNow(portal, a.token);
    expect(job).toMatchObject({ status: 'AWAITING_APPROVAL', recordCount: 4 });
    const approval = await exportApprovalOf(job.id);
    expect(approval.export).toMatchObject({ added: 1, removed: 2 });

    const added = await changes(admin2, approval.id, '?change=ADDED');
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ change: 'ADDED', total: 1, page: 1 });
    expect((added.json() as ExportChangesPage).items).toEqual([
      expect.objectContaining({
        change: 'ADDED',
        psn: 'PSN825097',
        monthlyGrossPay: 185234.5,
        status: 'VALIDATED',
        cause: expect.objectContaining({ kind: 'DECISION', action: 'RECORD_APPROVED', decidedBy: a.email }),
      }),
    ]);
    // Removed, a page of one at a time: by ministry (Health before Works), then name.
    const first = (
      await changes(admin2, approval.id, '?change=REMOVED&pageSize=1')
    ).json() as ExportChangesPage;
    const second = (
      await changes(admin2, approval.id, '?change=REMOVED&pageSize=1&page=2')
    ).json() as ExportChangesPage;
    const third = (
      await changes(admin2, approval.id, '?change=REMOVED&pageSize=1&page=3')
    ).json() as ExportChangesPage;
    expect([first.total, second.total, third.total]).toEqual([2, 2, 2]);
    expect(third.items).toEqual([]);
    expect(first.items[0]).toMatchObject({
      psn: 'PSN825092',
      fullName: 'Paid Alpha',
      ministry: 'Ministry of Health',
      status: 'REJECTED',
      cause: {
        kind: 'DECISION',
        action: 'RECORD_INTEGRITY_CONFIRMED',
        reasonCode: 'DECEASED',
        reasonLabel: 'Deceased',
        decidedBy: a.email,
        approvedBy: admin2Email,
      },
    });
    expect(second.items[0]).toMatchObject({
      psn: 'PSN825095',
      ministry: 'Ministry of Works',
      status: 'AWAITING_REVALIDATION',
      cause: { action: 'RECORD_REVERIFICATION_REQUIRED', decidedBy: a.email, approvedBy: null },
    });
    // Its maker sees them too (a tenant admin), before approving nothing.
    expect((await changes(a.token, approval.id)).statusCode).toBe(200);

    const csv = await changesCsv(admin2, approval.id);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`payroll-changes-${job.id}.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe(EXPORT_CHANGES_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(1 + 3);
    // The name that would be a formula is text ('=…), quoted for its double quotes.
    expect(lines[1]).toMatch(
      /^ADDED,PSN825097,"'=HYPERLINK\(""http:\/\/x\.example""\)",Ministry of Health,185234\.50,VALIDATED,Record approved,/,
    );
    expect(lines[2]).toContain(
      `REMOVED,PSN825092,Paid Alpha,Ministry of Health,185234.50,REJECTED,Integrity flag confirmed,DECEASED,Deceased,${a.email},${admin2Email},`,
    );
    expect(lines[3]).toContain('REMOVED,PSN825095,Paid Delta,Ministry of Works');
    const audited = await portal.db.orm.execute<{ actor_email: string; entity_id: string }>(sql`
      select actor_email, entity_id from audit_events
      where tenant_id = ${a.tenant.id} and action = 'EXPORT_CHANGES_DOWNLOADED'`);
    expect(audited.rows).toEqual([{ actor_email: admin2Email, entity_id: job.id }]);

    // The payroll has not moved since: it is approved.
    expect((await act(admin2, approval.id, 'approve')).statusCode).toBe(200);
  });

  it('another tenant gets 404 from both routes, other roles 403; the approval of a record has no people (404)', async () => {
    expect(staleApprovalId).toBeTruthy();
    for (const call of [changes, changesCsv]) {
      expect((await call(b.token, staleApprovalId)).statusCode).toBe(404);
      expect((await call(reviewer, staleApprovalId)).statusCode).toBe(403);
      expect((await call(agent, staleApprovalId)).statusCode).toBe(403);
    }
    const confirmation = (await approvals(admin2, '?status=APPROVED&kind=INTEGRITY_CONFIRM')).items[0]!;
    expect((await changes(admin2, confirmation.id)).statusCode).toBe(404);
    const other = await portal.db.orm.execute<{ n: number }>(sql`
      select count(*)::int as n from audit_events where tenant_id = ${b.tenant.id} and action = 'EXPORT_CHANGES_DOWNLOADED'`);
    expect(other.rows[0]!.n).toBe(0);
  });
});

describe('item 2: an export keeps the four-eyes rule in force when it was requested', () => {
  const opened: TestPortal[] = [];
  afterAll(async () => {
    for (const p of opened) await p.close();
  });

  it('requested with a second approver required, it waits for approval though the setting was switched off before it ran', async () => {
    // A process that takes API work only: the export is queued and nothing runs it yet.
    const api = await createTestPortal({ role: 'api' });
    opened.push(api);
    const t = await createTenantWithAdmin(api);
    await seedRecords(api, t.tenant.id, [
      { fullName: 'Rule Paid', nin: '82509200001', psn: 'PSN825201', status: 'VALIDATED' },
    ]);
    const on = await api.api.put('/api/v1/tenant-admin/settings', {
      token: t.token,
      body: { secondApprover: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    const requested = await api.api.post('/api/v1/records/export', { token: t.token });
    expect(requested.statusCode, requested.body).toBe(202);
    const exportId = (requested.json() as ExportJob).id;
    // Switched off before the job runs (as stored: how the switch itself is approved is not this test's).
    await api.db.orm.execute(sql`
      update tenant_settings set settings = settings || '{"secondApprover": false}'::jsonb where tenant_id = ${t.tenant.id}`);
    await api.close();
    opened.pop();

    const worker = await createTestPortal({ reuse: api, role: 'all' });
    opened.push(worker);
    const token = await worker.login(t.email, PASSWORD);
    const job = await waitFor(async () => {
      const logs = (await worker.api.get('/api/v1/records/export-logs', { token })).json() as ExportJob[];
      const found = logs.find((l) => l.id === exportId);
      return found && !['PENDING', 'PROCESSING'].includes(found.status) ? found : undefined;
    }, 60_000);
    expect(job).toMatchObject({ status: 'AWAITING_APPROVAL', recordCount: 1, approvedByEmail: null });
    const file = await worker.api.get(`/api/v1/records/export-logs/${exportId}/download`, { token });
    expect(file.statusCode).toBe(409);
  });
});
