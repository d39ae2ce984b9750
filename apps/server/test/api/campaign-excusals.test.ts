import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addDays,
  CAMPAIGN_MESSAGES as M,
  type Campaign,
  type CampaignExcusal,
  type CampaignProgress,
  type NoShowsPage,
} from '@portal/contract/campaigns';
import type { ApprovalsPage } from '@portal/contract/decisions';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { buildUserInput } from '../helpers/factories.ts';
import { seedRecords } from '../helpers/records.ts';
import { setSecondApprover } from '../helpers/four-eyes.ts';

/*
 * Excusals (issue #33 item 2): a person of the scope on study leave, secondment, sick leave or
 * another documented absence is excused with a reason code and a note, and is then no no-show.
 * With the second approver on, the excusal waits for a different tenant admin; the maker cannot
 * approve it. Refusals change nothing.
 */

const TODAY = '2032-02-02';
let clock = new Date(`${TODAY}T08:00:00Z`);
const on = (day: string) => {
  clock = new Date(`${day}T08:00:00Z`);
};
const day = (n: number) => addDays(TODAY, n);

let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let checker: string;
let campaign: Campaign;
let people: string[];
let outside: string;
let foreign: string;

beforeAll(async () => {
  portal = await createTestPortal({ now: () => clock });
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  const global = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const second = buildUserInput(a.tenant.id, { role: 'TENANT_ADMIN' });
  expect((await portal.api.post('/api/v1/auth/register', { token: global, body: second })).statusCode).toBe(
    201,
  );
  checker = await portal.login(second.email, second.password);
  people = await seedRecords(
    portal,
    a.tenant.id,
    Array.from({ length: 6 }, (_, i) => ({
      fullName: `Excusal Person ${i}`,
      nin: `8200000000${i}`,
      psn: `PSN820${i}`,
      ministry: 'Ministry of Lands',
      department: 'Surveys',
    })),
  );
  outside = (
    await seedRecords(portal, a.tenant.id, [
      { fullName: 'Elsewhere Person', nin: '82000000099', psn: 'PSN82099', ministry: 'Ministry of Works' },
    ])
  )[0]!;
  foreign = (
    await seedRecords(portal, b.tenant.id, [
      { fullName: 'Foreign Person', nin: '82000000098', psn: 'PSN82098', ministry: 'Ministry of Lands' },
    ])
  )[0]!;
  const lands = await portal.db.orm.execute<{ id: string }>(
    sql`select id from ministries where tenant_id = ${a.tenant.id} and name = 'Ministry of Lands'`,
  );
  const res = await portal.api.post('/api/v1/campaigns', {
    token: a.token,
    body: {
      name: 'Lands headcount',
      ministryIds: [lands.rows[0]!.id],
      opensOn: day(1),
      closesOn: day(10),
      graceDays: 3,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  campaign = res.json() as Campaign;
  on(day(2));
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

const excuse = (recordId: string, token = a.token, over: Record<string, unknown> = {}) =>
  portal.api.post(`/api/v1/campaigns/${campaign.id}/excuse`, {
    token,
    body: { recordId, reasonCode: 'STUDY_LEAVE', note: 'MSc at UNILAG until June; letter on file', ...over },
  });
const progress = async () =>
  (
    await portal.api.get(`/api/v1/campaigns/${campaign.id}/progress`, { token: a.token })
  ).json() as CampaignProgress;
const written = async () =>
  (
    await portal.db.orm.execute<{ excusals: number; approvals: number; audit: number }>(sql`
      select (select count(*)::int from campaign_excusals where tenant_id = ${a.tenant.id}) as excusals,
        (select count(*)::int from approvals where tenant_id = ${a.tenant.id}) as approvals,
        (select count(*)::int from audit_events where tenant_id = ${a.tenant.id}) as audit`)
  ).rows[0]!;

describe('excusing a person from an exercise', () => {
  it('without the second approver: excused at once, audited on the record, counted as excused, not remaining', async () => {
    const res = await excuse(people[0]!);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      campaignId: campaign.id,
      recordId: people[0]!,
      reasonCode: 'STUDY_LEAVE',
      note: 'MSc at UNILAG until June; letter on file',
      status: 'EXCUSED',
      approvalId: null,
    } satisfies CampaignExcusal);
    expect(await progress()).toMatchObject({ inScope: 6, excused: 1, remaining: 5 });
    const audit = await portal.db.orm.execute<{ action: string; entity_type: string; note: string }>(
      sql`select action, entity_type, note from audit_events where entity_id = ${people[0]!} and action = 'CAMPAIGN_EXCUSED'`,
    );
    expect(audit.rows).toEqual([
      { action: 'CAMPAIGN_EXCUSED', entity_type: 'record', note: 'MSc at UNILAG until June; letter on file' },
    ]);
  });

  it('refusals change nothing: excused twice, outside the scope, another tenant’s person, bad input, appeared', async () => {
    const before = await written();
    const twice = await excuse(people[0]!);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(M.alreadyExcused);
    const out = await excuse(outside);
    expect(out.statusCode).toBe(404);
    expect(out.json().message).toBe(M.recordNotInScope);
    expect((await excuse(foreign)).statusCode).toBe(404);
    const code = await excuse(people[1]!, a.token, { reasonCode: 'HOLIDAY' });
    expect(code.statusCode).toBe(400);
    expect(code.json().message).toBe(M.reasonCode);
    const note = await excuse(people[1]!, a.token, { note: '   ' });
    expect(note.statusCode).toBe(400);
    expect(note.json().message).toBe(M.noteRequired);
    // Person 5 appeared (a passed check in the window): there is nothing to excuse.
    await portal.db.orm.execute(sql`
      insert into appearances (tenant_id, record_id, at, day, via)
      values (${a.tenant.id}, ${people[5]!}, now(), ${day(2)}, 'ONLINE_CLAIM')`);
    const appeared = await excuse(people[5]!);
    expect(appeared.statusCode).toBe(409);
    expect(appeared.json().message).toBe(M.alreadyAppeared);
    expect(await written()).toEqual(before);
  });

  it('with the second approver: the excusal waits; the maker cannot approve it; a second request is refused; another admin approves', async () => {
    expect(await setSecondApprover(portal, true, a.token, checker)).toBe(200);
    const res = await excuse(people[1]!, a.token, {
      reasonCode: 'SECONDMENT',
      note: 'Seconded to the Federal Ministry',
    });
    expect(res.statusCode, res.body).toBe(201);
    const held = res.json() as CampaignExcusal;
    expect(held).toMatchObject({ status: 'PENDING_APPROVAL', approvalId: expect.any(String) });
    expect(await progress()).toMatchObject({ excused: 1, remaining: 4 });
    const again = await excuse(people[1]!);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.excusalPending);

    const page = (
      await portal.api.get('/api/v1/approvals?kind=EXCUSAL', { token: checker })
    ).json() as ApprovalsPage;
    const approval = page.items.find((i) => i.id === held.approvalId)!;
    expect(approval).toMatchObject({ kind: 'EXCUSAL', status: 'PENDING', recordId: null });
    expect(approval.summary).toBe(
      "Excuse Excusal Person 1 (PSN8201) from the verification exercise 'Lands headcount': Secondment",
    );
    expect(
      (await portal.api.post(`/api/v1/approvals/${held.approvalId}/approve`, { token: a.token, body: {} }))
        .statusCode,
    ).toBe(403);
    expect(await progress()).toMatchObject({ excused: 1 });
    const ok = await portal.api.post(`/api/v1/approvals/${held.approvalId}/approve`, {
      token: checker,
      body: {},
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await progress()).toMatchObject({ excused: 2, remaining: 3 });
    const row = await portal.db.orm.execute<{ reason_code: string; excused_by_email: string }>(
      sql`select reason_code, excused_by_email from campaign_excusals where record_id = ${people[1]!}`,
    );
    expect(row.rows[0]!.reason_code).toBe('SECONDMENT');
  });

  it('a declined excusal leaves the person remaining; an approval that comes after the person appeared is refused', async () => {
    const declined = (
      await excuse(people[2]!, a.token, { reasonCode: 'SICK_LEAVE', note: 'Hospital letter' })
    ).json() as CampaignExcusal;
    expect(
      (
        await portal.api.post(`/api/v1/approvals/${declined.approvalId}/decline`, {
          token: checker,
          body: { note: 'The letter is not signed' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await progress()).toMatchObject({ excused: 2, remaining: 3 });

    const late = (
      await excuse(people[3]!, a.token, { reasonCode: 'OTHER_DOCUMENTED', note: 'Court summons' })
    ).json() as CampaignExcusal;
    await portal.db.orm.execute(sql`
      insert into appearances (tenant_id, record_id, at, day, via)
      values (${a.tenant.id}, ${people[3]!}, now(), ${day(2)}, 'REVERIFY')`);
    const refused = await portal.api.post(`/api/v1/approvals/${late.approvalId}/approve`, {
      token: checker,
      body: {},
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.alreadyAppeared);
    expect(await progress()).toMatchObject({ appeared: 2, excused: 2 });
  });

  it('once the exercise has closed nobody can be excused', async () => {
    on(day(14)); // closes day(10), grace until day(13)
    const res = await excuse(people[4]!);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.excuseClosed);
  });

  it('the no-shows: none listed before the grace has passed; then everyone who never appeared and is not excused, with pay, and as CSV', async () => {
    await portal.db.orm.execute(
      sql`update records set monthly_gross_kobo = 15000050 where id = ${people[2]!}`,
    );
    const noShows = async (query = '') => {
      const res = await portal.api.get(`/api/v1/campaigns/${campaign.id}/no-shows${query}`, {
        token: a.token,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as NoShowsPage;
    };
    on(day(13)); // the last day of grace
    expect(await noShows()).toMatchObject({ listed: false, total: 0, items: [], graceEndsOn: day(13) });
    on(day(14));
    const page = await noShows();
    expect(page).toMatchObject({
      listed: true,
      total: 2,
      monthlyPay: 150_000.5,
      payUnknown: 1,
      page: 1,
      pageSize: 50,
    });
    expect(
      page.items.map((i) => [i.fullName, i.psn, i.ministry, i.department, i.status, i.monthlyGrossPay]),
    ).toEqual([
      ['Excusal Person 2', 'PSN8202', 'Ministry of Lands', 'Surveys', 'UPLOADED', 150_000.5],
      ['Excusal Person 4', 'PSN8204', 'Ministry of Lands', 'Surveys', 'UPLOADED', null],
    ]);
    const second = await noShows('?page=2&pageSize=1');
    expect(second.items.map((i) => i.fullName)).toEqual(['Excusal Person 4']);
    expect(second).toMatchObject({ total: 2, monthlyPay: 150_000.5 });
    expect(
      (await portal.api.get(`/api/v1/campaigns/${campaign.id}/no-shows?pageSize=0`, { token: a.token }))
        .statusCode,
    ).toBe(400);

    const csv = await portal.api.get(`/api/v1/campaigns/${campaign.id}/no-shows.csv`, { token: a.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="no-shows-${day(14)}-${campaign.id}.csv"`,
    );
    expect(csv.body).toBe(
      '\uFEFFpsn,employeeId,fullName,ministry,department,status,monthlyGrossPay,recordId\r\n' +
        `PSN8202,,Excusal Person 2,Ministry of Lands,Surveys,UPLOADED,150000.50,${people[2]}\r\n` +
        `PSN8204,,Excusal Person 4,Ministry of Lands,Surveys,UPLOADED,,${people[4]}\r\n`,
    );
    const audit = await portal.db.orm.execute<{ after: Record<string, unknown> }>(
      sql`select after from audit_events where entity_id = ${campaign.id} and action = 'CAMPAIGN_NO_SHOWS_DOWNLOADED'`,
    );
    expect(audit.rows.map((r) => r.after)).toEqual([{ listed: true, noShows: 2, monthlyPay: 150_000.5 }]);
    // Another tenant's admin: 404; a reviewer: 403 (below).
    expect(
      (await portal.api.get(`/api/v1/campaigns/${campaign.id}/no-shows`, { token: b.token })).statusCode,
    ).toBe(404);
    expect(
      (await portal.api.get(`/api/v1/campaigns/${campaign.id}/no-shows.csv`, { token: b.token })).statusCode,
    ).toBe(404);
  });

  it('another tenant’s admin gets 404 for the exercise; other roles 403', async () => {
    expect((await excuse(people[4]!, b.token)).statusCode).toBe(404);
    const reviewerEmail = `excusal.reviewer.${Date.now()}@example.gov.ng`;
    await portal.api.post('/api/v1/tenant-admin/users', {
      token: checker,
      body: { fullName: 'Reviewer', email: reviewerEmail, password: 'Str0ng-Passw0rd', role: 'REVIEWER' },
    });
    const reviewer = await portal.login(reviewerEmail, 'Str0ng-Passw0rd');
    expect((await excuse(people[4]!, reviewer)).statusCode).toBe(403);
    for (const path of ['no-shows', 'no-shows.csv', 'progress'])
      expect(
        (await portal.api.get(`/api/v1/campaigns/${campaign.id}/${path}`, { token: reviewer })).statusCode,
      ).toBe(403);
  });
});
