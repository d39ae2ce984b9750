import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, type Campaign, type CampaignProgress } from '@portal/contract/campaigns';
import { CONSENT_VERSION } from '@portal/contract/claims';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin, pointTenantAtSimulator } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';
import { startSimProcess, type SimProcess } from '../helpers/simulator-process.ts';

/*
 * Verification exercises, second slice (issue #33 item 4): appearances are written by the claim
 * that makes an account (online, or with an agent) and by a re-verification whose lookup agreed,
 * on the portal's clock, and an exercise's progress counts those of its scope in its days: on time,
 * late (after the grace), remaining with their monthly pay, by posting, by day and by agent.
 */

const TODAY = '2031-05-04';
let clock = new Date(`${TODAY}T08:00:00Z`);
/** Sets the portal's clock to 09:00 in Lagos on `day`. */
const on = (day: string) => {
  clock = new Date(`${day}T08:00:00Z`);
};
const day = (n: number) => addDays(TODAY, n);

let portal: TestPortal;
let sim: SimProcess;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
const ids: Record<string, string> = {};
let seq = 0;

const person = (k: number) => ({ nin: String(71000000000 + k), ssid: `SS${710 + k}` });
const email = () => `progress.${Date.now()}.${seq++}@example.gov.ng`;
const pub = (url: string, body: unknown) =>
  portal.api.post(url, { body, csrf: false, headers: { 'x-tenant': a.tenant.subdomain } });

/** The people of tenant A: [key, k, ministry, department, monthly gross in kobo, status]. */
const PEOPLE = [
  ['online', 1, 'Ministry of Health', 'Nursing Services', 25_000_000, 'UPLOADED'],
  ['withAgent', 2, 'Ministry of Health', 'Administration', 30_000_000, 'UPLOADED'],
  ['outOfScope', 3, 'Ministry of Works', 'Roads', 40_000_000, 'UPLOADED'],
  ['reverify', 4, 'Ministry of Health', 'Nursing Services', 50_000_000, 'UPLOADED'],
  ['late', 5, 'Ministry of Health', 'Nursing Services', 10_000_000, 'UPLOADED'],
  ['neverCame', 6, 'Ministry of Health', 'Administration', 12_345_678, 'UPLOADED'],
  ['noPay', 7, 'Ministry of Health', 'Administration', null, 'UPLOADED'],
  ['rejected', 8, 'Ministry of Health', 'Nursing Services', 99_000_000, 'REJECTED'],
] as const;

beforeAll(async () => {
  portal = await createTestPortal({ now: () => clock, env: { CLAIM_RATE_PER_IP: '1000' } });
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  sim = await startSimProcess([{ ...person(4), fullName: 'Progress reverify', dateOfBirth: '1985-03-15' }]);
  await pointTenantAtSimulator(portal, a.tenant, sim.url);
  const created = await seedRecords(
    portal,
    a.tenant.id,
    PEOPLE.map(([key, k, ministry, department, , status]) => ({
      fullName: `Progress ${key}`,
      ...person(k),
      psn: `PSN71${k}`,
      ministry,
      department,
      status,
    })),
  );
  PEOPLE.forEach(([key, , , , kobo], i) => {
    ids[key] = created[i]!;
    void kobo;
  });
  for (const [key, , , , kobo] of PEOPLE)
    if (kobo !== null)
      await portal.db.orm.execute(
        sql`update records set monthly_gross_kobo = ${kobo} where id = ${ids[key]}`,
      );
  await seedRecords(portal, b.tenant.id, [{ fullName: 'Other tenant person', ...person(1), psn: 'PSN711' }]);
});
afterAll(async () => {
  await sim?.stop();
  await portal?.close();
});

/** A claim through to the account, online or with an agent's token; the employee's token. */
async function claim(k: number, agentToken?: string): Promise<string> {
  const start = agentToken
    ? await portal.api.post('/api/v1/agent/verify', {
        token: agentToken,
        body: { ...person(k), consentVersion: CONSENT_VERSION },
      })
    : await pub('/api/v1/verification/initiate', { ...person(k), consentVersion: CONSENT_VERSION });
  expect(start.statusCode, start.body).toBe(200);
  const claimId = (start.json() as { recordId: string }).recordId;
  const challenge = agentToken
    ? await portal.api.post('/api/v1/agent/challenge', {
        token: agentToken,
        body: { recordId: claimId, psn: `PSN71${k}` },
      })
    : await pub('/api/v1/verification/challenge', { recordId: claimId, psn: `PSN71${k}` });
  expect(challenge.json()).toMatchObject({ success: true });
  const body = { email: email(), password: 'Employee-Pass1', recordId: claimId };
  const created = agentToken
    ? await portal.api.post('/api/v1/auth/create-account', { token: agentToken, body })
    : await pub('/api/v1/auth/create-account', body);
  expect(created.statusCode, created.body).toBe(200);
  return (created.json() as { token: string }).token;
}

const progress = async (id: string, token = a.token) => {
  const res = await portal.api.get(`/api/v1/campaigns/${id}/progress`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CampaignProgress;
};

describe('an exercise’s progress', () => {
  let campaign: Campaign;
  let agent: { token: string; email: string };
  let reverifyToken: string;

  it('an appearance before the opening day does not count; the scope leaves out other ministries and the rejected', async () => {
    // Person 4 claims before the exercise opens: an appearance, but not in its days.
    reverifyToken = await claim(4);
    const health = await portal.db.orm.execute<{ id: string }>(
      sql`select id from ministries where tenant_id = ${a.tenant.id} and name = 'Ministry of Health'`,
    );
    const res = await portal.api.post('/api/v1/campaigns', {
      token: a.token,
      body: {
        name: 'Health headcount',
        ministryIds: [health.rows[0]!.id],
        opensOn: day(1),
        closesOn: day(5),
        graceDays: 2,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    campaign = res.json() as Campaign;
    const p = await progress(campaign.id);
    expect(p).toMatchObject({
      state: 'UPCOMING',
      inScope: 6,
      appeared: 0,
      late: 0,
      excused: 0,
      remaining: 6,
      // 250,000 + 300,000 + 500,000 + 100,000 + 123,456.78 naira; person 7's pay is not known.
      remainingMonthlyPay: 1_273_456.78,
      remainingPayUnknown: 1,
      daysLeft: 5,
      byDay: [],
      byAgent: [],
    });
    expect(p.byMinistry.map((r) => [r.ministry?.name, r.department?.name, r.inScope])).toEqual([
      ['Ministry of Health', 'Administration', 3],
      ['Ministry of Health', 'Nursing Services', 3],
    ]);
  });

  it('an online claim, a claim with an agent and an agreeing re-verification count as appeared, each on its day', async () => {
    const agentEmail = email();
    const made = await portal.api.post('/api/v1/tenant-admin/users', {
      token: a.token,
      body: { fullName: 'Field Agent', email: agentEmail, password: 'Agent-Pass123', role: 'AGENT' },
    });
    expect(made.statusCode, made.body).toBe(201);
    agent = { token: await portal.login(agentEmail, 'Agent-Pass123'), email: agentEmail };

    on(day(1));
    await claim(1);
    await claim(3); // out of the scope: counted nowhere
    on(day(2));
    await claim(2, agent.token);
    // Person 4's record changed and awaits re-verification: the employee re-verifies in the window.
    await portal.db.orm.execute(
      sql`update records set status = 'AWAITING_REVALIDATION' where id = ${ids.reverify}`,
    );
    const re = await portal.api.post(`/api/v1/agent/records/${ids.reverify}/verify`, {
      token: reverifyToken,
      body: person(4),
    });
    expect(re.statusCode, re.body).toBe(200);
    expect(re.json()).toMatchObject({ newStatus: 'PENDING_GRADE_VALIDATION' });

    on(day(3));
    const p = await progress(campaign.id);
    expect(p).toMatchObject({
      state: 'OPEN',
      today: day(3),
      daysLeft: 3,
      inScope: 6,
      appeared: 3,
      late: 0,
      remaining: 3,
      remainingMonthlyPay: 223_456.78,
      remainingPayUnknown: 1,
    });
    expect(p.byDay).toEqual([
      { day: day(1), appeared: 1, online: 1, withAgent: 0 },
      { day: day(2), appeared: 2, online: 1, withAgent: 1 },
      { day: day(3), appeared: 0, online: 0, withAgent: 0 },
    ]);
    expect(p.byAgent).toEqual([
      {
        agent: { id: expect.any(String), email: agent.email },
        appeared: 1,
        byDay: [{ day: day(2), appeared: 1 }],
      },
    ]);
    const nursing = p.byMinistry.find((r) => r.department?.name === 'Nursing Services')!;
    expect(nursing).toMatchObject({ inScope: 3, appeared: 2, remaining: 1, remainingMonthlyPay: 100_000 });
    const rows = await portal.db.orm.execute<{ via: string; day: string; agent_email: string | null }>(
      sql`select via, day::text as day, agent_email from appearances where tenant_id = ${a.tenant.id} order by at, via`,
    );
    expect(rows.rows).toEqual([
      { via: 'ONLINE_CLAIM', day: TODAY, agent_email: null },
      { via: 'ONLINE_CLAIM', day: day(1), agent_email: null },
      { via: 'ONLINE_CLAIM', day: day(1), agent_email: null },
      { via: 'AGENT_CLAIM', day: day(2), agent_email: agent.email },
      { via: 'REVERIFY', day: day(2), agent_email: null },
    ]);
  });

  it('a first appearance after the grace is late, not appeared; the days stop at the end of the grace', async () => {
    on(day(9)); // closes day(5), grace until day(7)
    await claim(5);
    const p = await progress(campaign.id);
    expect(p).toMatchObject({ state: 'CLOSED', daysLeft: 0, appeared: 3, late: 1, remaining: 2 });
    expect(p.byDay.map((d) => d.day)).toEqual([day(1), day(2), day(3), day(4), day(5), day(6), day(7)]);
    expect(p.remainingMonthlyPay).toBe(123_456.78);
  });

  it('a suspended no-show who claims after the close counts as late and is verified again, not paid', async () => {
    await portal.db.orm.execute(sql`update records set status = 'SUSPENDED' where id = ${ids.neverCame}`);
    await claim(6);
    const status = await portal.db.orm.execute<{ status: string }>(
      sql`select status from records where id = ${ids.neverCame}`,
    );
    expect(status.rows[0]!.status).toBe('AWAITING_REVALIDATION');
    const audit = await portal.db.orm.execute<{ action: string; before: unknown; after: unknown }>(
      sql`select action, before, after from audit_events where entity_id = ${ids.neverCame} and action = 'RECORD_REAPPEARED'`,
    );
    expect(audit.rows).toEqual([
      {
        action: 'RECORD_REAPPEARED',
        before: { status: 'SUSPENDED' },
        after: { status: 'AWAITING_REVALIDATION' },
      },
    ]);
    expect(await progress(campaign.id)).toMatchObject({ appeared: 3, late: 2, remaining: 1 });
  });

  it('a failed claim writes no appearance', async () => {
    const before = await portal.db.orm.execute<{ n: number }>(
      sql`select count(*)::int as n from appearances`,
    );
    const start = await pub('/api/v1/verification/initiate', {
      ...person(7),
      consentVersion: CONSENT_VERSION,
    });
    const claimId = (start.json() as { recordId: string }).recordId;
    await pub('/api/v1/verification/challenge', { recordId: claimId, psn: 'PSN0000' });
    const refused = await pub('/api/v1/auth/create-account', {
      email: email(),
      password: 'Employee-Pass1',
      recordId: claimId,
    });
    expect(refused.statusCode).toBe(400);
    const after = await portal.db.orm.execute<{ n: number }>(sql`select count(*)::int as n from appearances`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('another tenant’s admin gets 404; the other roles 403; no token 401', async () => {
    expect(
      (await portal.api.get(`/api/v1/campaigns/${campaign.id}/progress`, { token: b.token })).statusCode,
    ).toBe(404);
    expect(
      (await portal.api.get(`/api/v1/campaigns/${campaign.id}/progress`, { token: agent.token })).statusCode,
    ).toBe(403);
    expect(
      (await portal.api.get(`/api/v1/campaigns/${campaign.id}/progress`, { token: reverifyToken }))
        .statusCode,
    ).toBe(403);
    expect((await portal.api.get(`/api/v1/campaigns/${campaign.id}/progress`)).statusCode).toBe(401);
  });
});
