import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ARREARS_CSV_COLUMNS,
  type Appeal,
  type AppealDecision,
  type AppealFigures,
} from '@portal/contract/appeals';
import { addDays, type Campaign, type CampaignReport } from '@portal/contract/campaigns';
import { dayIn } from '@portal/contract/time-zone';
import type { DashboardStats } from '@portal/contract/verification';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';
import { exportNow } from '../helpers/exports.ts';

/*
 * Issue #34 items 3 and 5: a person taken off the payroll (suspended as a no-show of an exercise, or
 * rejected) and left out of three payroll exports, then reinstated on appeal, is owed three months'
 * pay; the arrears report lists them for the payroll office (tenant admins only, their tenant only),
 * and the appeals' figures show on the exercise's report and the tenant overview.
 */

const TODAY = '2034-05-01';
let clock = new Date(`${TODAY}T08:00:00Z`);
const on = (day: string, time = '08:00:00') => {
  clock = new Date(`${day}T${time}Z`);
};
const day = (n: number) => addDays(TODAY, n);
const ZONE = 'Africa/Lagos'; // the platform's, for a tenant that never set one

let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let campaign: Campaign;
const ids: Record<string, string> = {};
const appeals: Record<string, Appeal> = {};
const exportIds: string[] = [];

/**
 * Tenant A's people: [key, ministry, monthly kobo]. The Lands people are the exercise's no-shows;
 * `stays` keeps the payroll exports non-empty; `rejected` is removed by a rejection, its name a
 * formula with a comma (the CSV quotes and neutralises it).
 */
const PEOPLE = [
  ['stays', 'Ministry of Works', 9_000_000],
  ['rejected', 'Ministry of Works', 10_000_000],
  ['paid', 'Ministry of Lands', 18_523_450],
  ['unknownPay', 'Ministry of Lands', null],
  ['denied', 'Ministry of Lands', 5_000_000],
  ['open', 'Ministry of Lands', 5_000_000],
] as const;
const NAMES: Record<string, string> = { rejected: '=Rejected, Person' };
const nameOf = (key: string) => NAMES[key] ?? `Arrears ${key}`;

beforeAll(async () => {
  portal = await createTestPortal({ now: () => clock });
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  const seeded = await seedRecords(
    portal,
    a.tenant.id,
    PEOPLE.map(([key, ministry], i) => ({
      fullName: nameOf(key),
      nin: String(93400000000 + i),
      psn: `PSN934${i}`,
      employeeId: `EMP934${i}`,
      ministry,
      department: 'Surveys',
      status: 'VALIDATED',
    })),
  );
  PEOPLE.forEach(([key], i) => (ids[key] = seeded[i]!));
  for (const [key, , kobo] of PEOPLE)
    await portal.db.orm.execute(sql`update records set monthly_gross_kobo = ${kobo} where id = ${ids[key]}`);
  await seedRecords(portal, b.tenant.id, [
    { fullName: 'Other tenant', nin: '93499999999', psn: 'PSN93499', status: 'VALIDATED' },
  ]);

  // An exercise of the Ministry of Lands nobody attends; its no-shows are suspended at once.
  const lands = await portal.db.orm.execute<{ id: string }>(
    sql`select id from ministries where tenant_id = ${a.tenant.id} and name = 'Ministry of Lands'`,
  );
  const made = await portal.api.post('/api/v1/campaigns', {
    token: a.token,
    body: {
      name: 'Lands headcount 2034',
      ministryIds: [lands.rows[0]!.id],
      opensOn: day(1),
      closesOn: day(10),
      graceDays: 0,
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  campaign = made.json() as Campaign;
  on(day(11));
  const suspended = await portal.api.post(`/api/v1/campaigns/${campaign.id}/suspend-no-shows`, {
    token: a.token,
    body: { note: 'Circular HOS/2034/3' },
  });
  expect(suspended.statusCode, suspended.body).toBe(201);
  expect(suspended.json()).toMatchObject({ status: 'APPLIED', suspended: 4 });

  // A rejection, with the audit entry the appeal reads as the removal's time.
  await portal.db.orm.execute(sql`update records set status = 'REJECTED', status_reason_code = 'OTHER'
    where id = ${ids.rejected}`);
  await portal.db.orm.execute(sql`
    insert into audit_events (tenant_id, actor_email, action, entity_type, entity_id, record_id, before, after)
    values (${a.tenant.id}, ${a.email}, 'RECORD_REJECTED', 'record', ${ids.rejected}, ${ids.rejected},
      '{"status":"VALIDATED"}', '{"status":"REJECTED"}')`);

  // Three payroll exports (no second approver: complete at once) that leave the five out.
  for (let i = 0; i < 3; i++) {
    const job = await exportNow(portal, a.token);
    expect(job.status).toBe('COMPLETED');
    exportIds.push(job.id);
  }

  // The appeals, lodged by the tenant admin from letters received.
  for (const key of ['paid', 'unknownPay', 'rejected', 'denied', 'open']) {
    const res = await portal.api.post('/api/v1/appeals', {
      token: a.token,
      body: { recordId: ids[key], kind: 'WAS_PRESENT', grounds: `Letter from ${key}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    appeals[key] = res.json() as Appeal;
  }
  const decide = async (key: string, decision: AppealDecision) => {
    const res = await portal.api.post(`/api/v1/appeals/${appeals[key]!.id}/decide`, {
      token: a.token,
      body: { decision, note: `Decided: ${decision}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    appeals[key] = res.json() as Appeal;
  };
  on(day(12));
  await decide('paid', 'UPHELD');
  await decide('denied', 'REJECTED');
  on(day(13));
  await decide('rejected', 'UPHELD');
  // After the 30-day deadline (lodged day 11): decided, but late.
  on(day(50));
  await decide('unknownPay', 'PARTLY_UPHELD');
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

const csvOf = (token: string) => portal.api.get('/api/v1/appeals/arrears.csv', { token });

describe('the arrears of a reinstated person', () => {
  it('three exports left them out: three periods, three months of pay, back in review', async () => {
    expect(appeals.paid).toMatchObject({
      status: 'DECIDED',
      decision: 'UPHELD',
      reinstatedTo: 'AWAITING_REVALIDATION',
      arrears: {
        periods: exportIds.map((exportId) => ({ exportId, approvedAt: expect.any(String) })),
        monthlyPay: 185_234.5,
        amount: 555_703.5,
      },
    });
    expect(appeals.rejected!.arrears).toMatchObject({ monthlyPay: 100_000, amount: 300_000 });
    expect(appeals.rejected!.arrears!.periods).toHaveLength(3);
    // Pay not known: the periods, no amount.
    expect(appeals.unknownPay!.arrears).toEqual({
      periods: appeals.paid!.arrears!.periods,
      monthlyPay: null,
      amount: null,
    });
    expect(appeals.denied).toMatchObject({ decision: 'REJECTED', reinstatedTo: null, arrears: null });
  });
});

describe('the arrears report (GET /appeals/arrears.csv)', () => {
  it("lists each reinstatement, newest decision first, as UTF-8 with BOM and CRLF, in the tenant's day", async () => {
    on(day(50), '23:30:00'); // already the next day in Lagos
    const res = await csvOf(a.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="arrears-${day(51)}.csv"`);
    const dates = appeals.paid!.arrears!.periods.map((p) => dayIn(p.approvedAt, ZONE)).join(';');
    const row = (key: string, decision: string, decidedOn: string, monthly: string, owed: string) => {
      const i = PEOPLE.findIndex(([k]) => k === key);
      const name = key === 'rejected' ? `"'${nameOf(key)}"` : nameOf(key);
      const ministry = PEOPLE[i]![1];
      return [
        appeals[key]!.id,
        `PSN934${i}`,
        `EMP934${i}`,
        name,
        ministry,
        'Surveys',
        decision,
        `${decidedOn}T09:00:00+01:00`,
        '3',
        dates,
        monthly,
        owed,
        ids[key],
      ].join(',');
    };
    expect(res.body).toBe(
      `\uFEFF${ARREARS_CSV_COLUMNS.join(',')}\r\n` +
        `${row('unknownPay', 'PARTLY_UPHELD', day(50), '', '')}\r\n` +
        `${row('rejected', 'UPHELD', day(13), '100000.00', '300000.00')}\r\n` +
        `${row('paid', 'UPHELD', day(12), '185234.50', '555703.50')}\r\n`,
    );
    expect(ARREARS_CSV_COLUMNS).toEqual([
      'appealId',
      'psn',
      'employeeId',
      'fullName',
      'ministry',
      'department',
      'decision',
      'decidedAt',
      'periods',
      'periodDates',
      'monthlyGrossPay',
      'arrearsOwed',
      'recordId',
    ]);
    const audit = await portal.db.orm.execute<{ actor_email: string; after: unknown }>(sql`
      select actor_email, after from audit_events
      where tenant_id = ${a.tenant.id} and action = 'APPEAL_ARREARS_DOWNLOADED'`);
    expect(audit.rows).toEqual([
      { actor_email: a.email, after: { rows: 3, arrearsOwed: 855_703.5, payUnknown: 1 } },
    ]);
  });

  it("another tenant's report lists none of them", async () => {
    const res = await csvOf(b.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`\uFEFF${ARREARS_CSV_COLUMNS.join(',')}\r\n`);
  });

  it('is refused to reviewers, agents, employees and the global admin (403), and without a token (401)', async () => {
    const tokens: Record<string, string> = {
      GLOBAL_SUPER_ADMIN: await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password),
    };
    for (const role of ['REVIEWER', 'AGENT', 'SELF_SERVICE_USER']) {
      const email = `arrears.${role.toLowerCase()}.${Date.now()}@example.gov.ng`;
      const made = await portal.api.post('/api/v1/tenant-admin/users', {
        token: a.token,
        body: { fullName: `Arrears ${role}`, email, password: 'Str0ng-Passw0rd', role },
      });
      expect(made.statusCode, made.body).toBe(201);
      tokens[role] = await portal.login(email, 'Str0ng-Passw0rd');
    }
    for (const [role, token] of Object.entries(tokens))
      expect((await csvOf(token)).statusCode, role).toBe(403);
    expect((await portal.api.get('/api/v1/appeals/arrears.csv')).statusCode).toBe(401);
  });
});

describe("the appeals' figures", () => {
  const figures = (f: Partial<AppealFigures>): AppealFigures => ({
    received: 0,
    decided: 0,
    decidedOnTime: 0,
    byDecision: { UPHELD: 0, PARTLY_UPHELD: 0, REJECTED: 0, WITHDRAWN: 0 },
    reinstated: 0,
    arrearsOwed: 0,
    arrearsPayUnknown: 0,
    ...f,
  });

  it("the exercise's report counts the appeals of the people it suspended", async () => {
    const res = await portal.api.get(`/api/v1/campaigns/${campaign.id}/report`, { token: a.token });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as CampaignReport).appeals).toEqual(
      figures({
        received: 4, // paid, unknownPay, denied, open (not the rejection: another decision)
        decided: 3,
        decidedOnTime: 2, // unknownPay was decided after its deadline
        byDecision: { UPHELD: 1, PARTLY_UPHELD: 1, REJECTED: 1, WITHDRAWN: 0 },
        reinstated: 2,
        arrearsOwed: 555_703.5,
        arrearsPayUnknown: 1,
      }),
    );
  });

  it("the tenant overview counts all the tenant's appeals; another tenant's, none", async () => {
    const res = await portal.api.get('/api/v1/tenant-admin/dashboard/stats', { token: a.token });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as DashboardStats).appeals).toEqual(
      figures({
        received: 5,
        decided: 4,
        decidedOnTime: 3,
        byDecision: { UPHELD: 2, PARTLY_UPHELD: 1, REJECTED: 1, WITHDRAWN: 0 },
        reinstated: 3,
        arrearsOwed: 855_703.5,
        arrearsPayUnknown: 1,
      }),
    );
    const theirs = await portal.api.get('/api/v1/tenant-admin/dashboard/stats', { token: b.token });
    expect((theirs.json() as DashboardStats).appeals).toEqual(figures({}));
  });
});
