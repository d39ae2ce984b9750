import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addDays,
  CAMPAIGN_MESSAGES as M,
  type Campaign,
  type CampaignReport,
  type NoShowsPage,
  type NoShowSuspension,
} from '@portal/contract/campaigns';
import { CONSENT_VERSION } from '@portal/contract/claims';
import type { ApprovalsPage } from '@portal/contract/decisions';
import type { ExportChangesPage } from '@portal/contract/export-changes';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { buildUserInput } from '../helpers/factories.ts';
import { seedRecords } from '../helpers/records.ts';
import { setSecondApprover } from '../helpers/four-eyes.ts';
import { exportNow } from '../helpers/exports.ts';

/*
 * Issue #33 item 5: once the close plus grace has passed, the no-shows are suspended in bulk, held
 * off the payroll and never deleted: each record moves to SUSPENDED through record-state with its
 * audit entry and reason NO_SHOW, leaves the next payroll export, and shows in the export approval
 * as removed with that cause. With the second approver on the frozen list waits for a different
 * tenant admin, and only those of it still no-shows then are suspended. A suspended potential ghost
 * stays one: it cannot claim an account.
 */

const TODAY = '2033-03-01';
let clock = new Date(`${TODAY}T08:00:00Z`);
const on = (day: string) => {
  clock = new Date(`${day}T08:00:00Z`);
};
const day = (n: number) => addDays(TODAY, n);

let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let checker: string;
let checkerEmail: string;
let campaign: Campaign;
let other: Campaign;
const ids: Record<string, string> = {};

/** Tenant A's people: [key, status, ministry]; all paid ₦185,234.50 a month. */
const PEOPLE = [
  ['paidNoShow', 'VALIDATED', 'Ministry of Lands'],
  ['appeared', 'VALIDATED', 'Ministry of Lands'],
  ['excused', 'UPLOADED', 'Ministry of Lands'],
  ['ghost', 'NOT_FOUND', 'Ministry of Lands'],
  ['pending', 'PENDING_SECOND_APPROVAL', 'Ministry of Lands'],
  ['comesLate', 'VALIDATED', 'Ministry of Lands'],
  ['outside', 'VALIDATED', 'Ministry of Works'],
] as const;
const nin = (i: number) => String(83300000000 + i);

beforeAll(async () => {
  portal = await createTestPortal({ now: () => clock, env: { CLAIM_RATE_PER_IP: '1000' } });
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  const global = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const second = buildUserInput(a.tenant.id, { role: 'TENANT_ADMIN' });
  expect((await portal.api.post('/api/v1/auth/register', { token: global, body: second })).statusCode).toBe(
    201,
  );
  checker = await portal.login(second.email, second.password);
  checkerEmail = second.email;
  const seeded = await seedRecords(
    portal,
    a.tenant.id,
    PEOPLE.map(([key, status, ministry], i) => ({
      fullName: `Suspension ${key}`,
      nin: nin(i),
      ssid: `SS833${i}`,
      psn: `PSN833${i}`,
      ministry,
      department: 'Surveys',
      status: status === 'PENDING_SECOND_APPROVAL' ? 'VALIDATED' : status,
    })),
  );
  PEOPLE.forEach(([key], i) => (ids[key] = seeded[i]!));
  await portal.db.orm.execute(
    sql`update records set monthly_gross_kobo = 18523450 where tenant_id = ${a.tenant.id}`,
  );
  // A rejection awaiting its second approver: paid until it is decided, left out of the suspension.
  await portal.db.orm.execute(sql`
    update records set status = 'PENDING_SECOND_APPROVAL', status_before_approval = 'VALIDATED'
    where id = ${ids.pending}`);
  const [foreign] = await seedRecords(portal, b.tenant.id, [
    { fullName: 'Other tenant no-show', nin: nin(50), psn: 'PSN83350', status: 'VALIDATED' },
  ]);
  ids.foreign = foreign!;

  const lands = await portal.db.orm.execute<{ id: string }>(
    sql`select id from ministries where tenant_id = ${a.tenant.id} and name = 'Ministry of Lands'`,
  );
  const made = await portal.api.post('/api/v1/campaigns', {
    token: a.token,
    body: {
      name: 'Lands headcount 2033',
      ministryIds: [lands.rows[0]!.id],
      opensOn: day(1),
      closesOn: day(10),
      graceDays: 2,
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  campaign = made.json() as Campaign;
  const theirs = await portal.api.post('/api/v1/campaigns', {
    token: b.token,
    body: { name: 'Everyone', opensOn: day(1), closesOn: day(10), graceDays: 0 },
  });
  expect(theirs.statusCode, theirs.body).toBe(201);
  other = theirs.json() as Campaign;

  on(day(3));
  await portal.db.orm.execute(sql`
    insert into appearances (tenant_id, record_id, at, day, via)
    values (${a.tenant.id}, ${ids.appeared}, now(), ${day(3)}, 'ONLINE_CLAIM')`);
  const excused = await portal.api.post(`/api/v1/campaigns/${campaign.id}/excuse`, {
    token: a.token,
    body: { recordId: ids.excused, reasonCode: 'SICK_LEAVE', note: 'Admitted at LUTH; letter on file' },
  });
  expect(excused.statusCode, excused.body).toBe(201);
  // The tenant's payroll before the exercise closes, approved by the second approver.
  expect(await setSecondApprover(portal, true, a.token, checker)).toBe(200);
  const before = await exportNow(portal, a.token);
  expect(before).toMatchObject({ status: 'AWAITING_APPROVAL' });
  const approval = await exportApproval(before.id);
  const ok = await portal.api.post(`/api/v1/approvals/${approval}/approve`, { token: checker, body: {} });
  expect(ok.statusCode, ok.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

async function exportApproval(exportId: string): Promise<string> {
  const page = (
    await portal.api.get('/api/v1/approvals?kind=EXPORT&status=PENDING', { token: checker })
  ).json() as ApprovalsPage;
  return page.items.find((i) => i.exportId === exportId)!.id;
}

const suspend = (token = a.token, id = campaign.id, body: unknown = { note: 'Circular HOS/2033/14' }) =>
  portal.api.post(`/api/v1/campaigns/${id}/suspend-no-shows`, { token, body });
const statuses = async () => {
  const rows = await portal.db.orm.execute<{ id: string; status: string }>(
    sql`select id, status from records where tenant_id = ${a.tenant.id}`,
  );
  const by = new Map(rows.rows.map((r) => [r.id, r.status]));
  return Object.fromEntries(Object.entries(ids).map(([k, id]) => [k, by.get(id) ?? null]));
};
const written = async () =>
  (
    await portal.db.orm.execute<{
      suspensions: number;
      approvals: number;
      audit: number;
      versions: number;
    }>(sql`
      select (select count(*)::int from campaign_suspensions) as suspensions,
        (select count(*)::int from approvals where tenant_id = ${a.tenant.id}) as approvals,
        (select count(*)::int from audit_events where tenant_id = ${a.tenant.id}) as audit,
        (select sum(version)::int from records where tenant_id = ${a.tenant.id}) as versions`)
  ).rows[0]!;

describe('suspending the no-shows of an exercise', () => {
  it('is refused before the grace has ended, and changes nothing', async () => {
    const before = await written();
    on(day(12)); // closes day(10), grace until day(12)
    const res = await suspend();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.suspendBeforeClose(day(12)));
    expect(await written()).toEqual(before);
  });

  it('the no-show list holds the paid no-show, the potential ghost and the one awaiting a decision', async () => {
    on(day(13));
    const page = (
      await portal.api.get(`/api/v1/campaigns/${campaign.id}/no-shows`, { token: a.token })
    ).json() as NoShowsPage;
    expect(page.items.map((i) => i.fullName).sort()).toEqual([
      'Suspension comesLate',
      'Suspension ghost',
      'Suspension paidNoShow',
      'Suspension pending',
    ]);
    // Three a suspension would list: the one awaiting a decision is left for it.
    expect(page).toMatchObject({ total: 4, suspendable: 3, suspensionPending: false });
  });

  it('with the second approver: the frozen list waits; declined, nothing moves', async () => {
    const before = await statuses();
    const res = await suspend();
    expect(res.statusCode, res.body).toBe(201);
    const held = res.json() as NoShowSuspension;
    expect(held).toMatchObject({
      status: 'PENDING_APPROVAL',
      approvalId: expect.any(String),
      listed: 3,
      listedMonthlyPay: 555_703.5,
      suspended: null,
      note: 'Circular HOS/2033/14',
    });
    expect(await statuses()).toEqual(before);
    const waiting = (
      await portal.api.get(`/api/v1/campaigns/${campaign.id}/no-shows`, { token: a.token })
    ).json() as NoShowsPage;
    expect(waiting).toMatchObject({ suspendable: 3, suspensionPending: true });
    const again = await suspend();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.suspensionPending);
    const page = (
      await portal.api.get('/api/v1/approvals?kind=NO_SHOW_SUSPENSION', { token: checker })
    ).json() as ApprovalsPage;
    expect(page.items.find((i) => i.id === held.approvalId)).toMatchObject({
      status: 'PENDING',
      summary: "Suspend 3 no-shows of the verification exercise 'Lands headcount 2033' (₦555,703.50 a month)",
    });
    const declined = await portal.api.post(`/api/v1/approvals/${held.approvalId}/decline`, {
      token: checker,
      body: { note: 'Wait for the union meeting' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await statuses()).toEqual(before);
    const list = (
      await portal.api.get(`/api/v1/campaigns/${campaign.id}/suspensions`, { token: a.token })
    ).json() as NoShowSuspension[];
    expect(list.map((s) => s.status)).toEqual(['DECLINED']);
  });

  it('approved by a different tenant admin: those still no-shows are suspended, audited with NO_SHOW; one who appeared meanwhile is not', async () => {
    const res = await suspend();
    const held = res.json() as NoShowSuspension;
    expect(held).toMatchObject({ status: 'PENDING_APPROVAL', listed: 3 });
    // The maker cannot approve their own suspension.
    expect(
      (await portal.api.post(`/api/v1/approvals/${held.approvalId}/approve`, { token: a.token, body: {} }))
        .statusCode,
    ).toBe(403);
    // One of the list comes forward before the approval: a late appearance.
    await portal.db.orm.execute(sql`
      insert into appearances (tenant_id, record_id, at, day, via)
      values (${a.tenant.id}, ${ids.comesLate}, now(), ${day(13)}, 'AGENT_CLAIM')`);
    const ok = await portal.api.post(`/api/v1/approvals/${held.approvalId}/approve`, {
      token: checker,
      body: {},
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await statuses()).toEqual({
      paidNoShow: 'SUSPENDED',
      appeared: 'VALIDATED',
      excused: 'UPLOADED',
      ghost: 'SUSPENDED',
      pending: 'PENDING_SECOND_APPROVAL',
      comesLate: 'VALIDATED',
      outside: 'VALIDATED',
      foreign: null,
    });
    const kept = await portal.db.orm.execute<{ id: string; before: string; reason: string }>(sql`
      select id, status_before_suspension as before, status_reason_code as reason from records
      where status = 'SUSPENDED' order by full_name`);
    expect(kept.rows).toEqual([
      { id: ids.ghost, before: 'NOT_FOUND', reason: 'NO_SHOW' },
      { id: ids.paidNoShow, before: 'VALIDATED', reason: 'NO_SHOW' },
    ]);
    const list = (
      await portal.api.get(`/api/v1/campaigns/${campaign.id}/suspensions`, { token: a.token })
    ).json() as NoShowSuspension[];
    expect(list[0]).toMatchObject({
      status: 'APPLIED',
      listed: 3,
      suspended: 2,
      suspendedMonthlyPay: 370_469,
      skipped: 1,
      requestedByEmail: a.email,
    });
    const audit = await portal.db.orm.execute<{
      entity_id: string;
      actor_email: string;
      before: unknown;
      after: Record<string, unknown>;
      note: string;
    }>(sql`
      select entity_id, actor_email, before, after, note from audit_events
      where action = 'RECORD_SUSPENDED' and tenant_id = ${a.tenant.id} order by entity_id`);
    expect(audit.rows).toHaveLength(2);
    const paid = audit.rows.find((r) => r.entity_id === ids.paidNoShow)!;
    expect(paid).toMatchObject({
      actor_email: checkerEmail,
      before: { status: 'VALIDATED' },
      after: {
        status: 'SUSPENDED',
        reasonCode: 'NO_SHOW',
        campaignId: campaign.id,
        approvalId: held.approvalId,
      },
    });
    expect(paid.note).toBe(
      `Did not appear in the verification exercise 'Lands headcount 2033' (${day(1)} to ${day(10)}, grace until ${day(12)}). Circular HOS/2033/14 (asked by ${a.email}; approved by the second approver ${checkerEmail})`,
    );
    // Nothing is deleted: the no-show list still names them, now suspended.
    const page = (
      await portal.api.get(`/api/v1/campaigns/${campaign.id}/no-shows`, { token: a.token })
    ).json() as NoShowsPage;
    expect(page.items.map((i) => [i.fullName, i.status])).toEqual(
      expect.arrayContaining([
        ['Suspension paidNoShow', 'SUSPENDED'],
        ['Suspension ghost', 'SUSPENDED'],
      ]),
    );
    // Nobody is left to suspend: the one awaiting a decision is left for it. The list says so.
    expect(page).toMatchObject({ suspendable: 0, suspensionPending: false });
    const none = await suspend();
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(M.nothingToSuspend);
  });

  it('the suspended leave the next export, which shows them removed with the cause NO_SHOW', async () => {
    const job = await exportNow(portal, a.token);
    expect(job).toMatchObject({ status: 'AWAITING_APPROVAL' });
    const approval = await exportApproval(job.id);
    const removed = (
      await portal.api.get(`/api/v1/approvals/${approval}/export-changes?change=REMOVED`, { token: checker })
    ).json() as ExportChangesPage;
    expect(removed.items).toEqual([
      expect.objectContaining({
        recordId: ids.paidNoShow,
        status: 'SUSPENDED',
        cause: expect.objectContaining({
          kind: 'DECISION',
          action: 'RECORD_SUSPENDED',
          reasonCode: 'NO_SHOW',
          reasonLabel: 'Did not appear in a verification exercise',
          decidedBy: a.email,
          approvedBy: checkerEmail,
        }),
      }),
    ]);
    const members = await portal.db.orm.execute<{ n: boolean }>(sql`
      select ${ids.paidNoShow}::uuid = any(record_ids) as n from export_members where export_id = ${job.id}`);
    expect(members.rows).toEqual([{ n: false }]);
  });

  it('a suspended potential ghost cannot claim an account; a suspended paid no-show who claims goes to be verified again', async () => {
    const pub = (url: string, body: unknown) =>
      portal.api.post(url, { body, csrf: false, headers: { 'x-tenant': a.tenant.subdomain } });
    const ghost = await pub('/api/v1/verification/initiate', {
      nin: nin(3),
      ssid: 'SS8333',
      consentVersion: CONSENT_VERSION,
    });
    expect(ghost.statusCode).toBe(400);
    const start = await pub('/api/v1/verification/initiate', {
      nin: nin(0),
      ssid: 'SS8330',
      consentVersion: CONSENT_VERSION,
    });
    expect(start.statusCode, start.body).toBe(200);
    const claimId = (start.json() as { recordId: string }).recordId;
    expect(
      (await pub('/api/v1/verification/challenge', { recordId: claimId, psn: 'PSN8330' })).json(),
    ).toMatchObject({ success: true });
    const created = await pub('/api/v1/auth/create-account', {
      email: `suspended.${Date.now()}@example.gov.ng`,
      password: 'Employee-Pass1',
      recordId: claimId,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await statuses()).paidNoShow).toBe('AWAITING_REVALIDATION');
  });

  it('the report: in scope, appeared, late, excused, no-shows, suspended, still suspended and the ₦ a month held; and as CSV', async () => {
    const res = await portal.api.get(`/api/v1/campaigns/${campaign.id}/report`, { token: a.token });
    expect(res.statusCode, res.body).toBe(200);
    const counts = {
      inScope: 6,
      appeared: 1,
      late: 2, // comesLate, and paidNoShow who claimed once suspended
      excused: 1,
      noShows: 2, // the ghost, and the one awaiting a decision
      suspended: 2,
      stillSuspended: 1,
      monthlyPayHeld: 185_234.5,
      payUnknownHeld: 0,
    };
    expect(res.json()).toEqual({
      campaignId: campaign.id,
      name: 'Lands headcount 2033',
      state: 'CLOSED',
      opensOn: day(1),
      closesOn: day(10),
      graceEndsOn: day(12),
      today: day(13),
      ...counts,
      byMinistry: [
        {
          ministry: { id: expect.any(String), name: 'Ministry of Lands' },
          department: { id: expect.any(String), name: 'Surveys' },
          ...counts,
        },
      ],
      // Nobody appealed (issue #34; appeal-arrears.test.ts counts an exercise's appeals).
      appeals: {
        received: 0,
        decided: 0,
        decidedOnTime: 0,
        byDecision: { UPHELD: 0, PARTLY_UPHELD: 0, REJECTED: 0, WITHDRAWN: 0 },
        reinstated: 0,
        arrearsOwed: 0,
        arrearsPayUnknown: 0,
      },
    } satisfies CampaignReport);
    const csv = await portal.api.get(`/api/v1/campaigns/${campaign.id}/report.csv`, { token: a.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="verification-exercise-report-${day(13)}-${campaign.id}.csv"`,
    );
    expect(csv.body).toBe(
      '\uFEFFministry,department,inScope,appeared,late,excused,noShows,suspended,stillSuspended,monthlyPayHeld,payUnknownHeld\r\n' +
        'Ministry of Lands,Surveys,6,1,2,1,2,2,1,185234.50,0\r\n' +
        'Total,,6,1,2,1,2,2,1,185234.50,0\r\n',
    );
    for (const path of ['report', 'report.csv'])
      expect(
        (await portal.api.get(`/api/v1/campaigns/${campaign.id}/${path}`, { token: b.token })).statusCode,
      ).toBe(404);
  });

  it('without the second approver the suspension applies at once (another tenant); isolation and roles', async () => {
    // Tenant A's exercise is 404 to tenant B's admin, whose own exercise suspends at once.
    expect((await suspend(b.token)).statusCode).toBe(404);
    expect(
      (await portal.api.get(`/api/v1/campaigns/${campaign.id}/suspensions`, { token: b.token })).statusCode,
    ).toBe(404);
    // No body at all: the note is optional.
    const res = await portal.api.post(`/api/v1/campaigns/${other.id}/suspend-no-shows`, { token: b.token });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'APPLIED', listed: 1, suspended: 1, skipped: 0, note: null });
    const row = await portal.db.orm.execute<{ status: string }>(
      sql`select status from records where id = ${ids.foreign}`,
    );
    expect(row.rows[0]!.status).toBe('SUSPENDED');
    // Tenant A's people were untouched by B's suspension.
    expect((await statuses()).outside).toBe('VALIDATED');

    const reviewerEmail = `suspension.reviewer.${Date.now()}@example.gov.ng`;
    expect(
      (
        await portal.api.post('/api/v1/tenant-admin/users', {
          token: checker,
          body: { fullName: 'Reviewer', email: reviewerEmail, password: 'Str0ng-Passw0rd', role: 'REVIEWER' },
        })
      ).statusCode,
    ).toBe(201);
    const reviewer = await portal.login(reviewerEmail, 'Str0ng-Passw0rd');
    expect((await suspend(reviewer)).statusCode).toBe(403);
    for (const path of ['suspensions', 'report', 'report.csv'])
      expect(
        (await portal.api.get(`/api/v1/campaigns/${campaign.id}/${path}`, { token: reviewer })).statusCode,
      ).toBe(403);
    expect((await portal.api.post(`/api/v1/campaigns/${campaign.id}/suspend-no-shows`, {})).statusCode).toBe(
      401,
    );
  });
});
