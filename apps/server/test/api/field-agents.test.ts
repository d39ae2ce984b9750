import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addDays,
  fieldPersonIdOf,
  type Campaign,
  type Schedule,
  type SiteList,
} from '@portal/contract/campaigns';
import { CLAIM_MESSAGES, CONSENT_VERSION } from '@portal/contract/claims';
import type { FieldDesk, FieldPerson, FieldSearch } from '@portal/contract/field';
import type { Agent } from '@portal/contract/people';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';

/*
 * Field agents in a verification exercise (issue #33 items 1 and 6): an agent works the people of
 * its assigned ministries and departments (none: the whole tenant) and gets 404 for anyone else;
 * its desk shows the exercises running today over its assignment with the documents to check, the
 * counts and today's schedule; a search finds a person by name, PSN or a printed list's QR code.
 * The tenant admin schedules the exercise by site and prints a site's list with a QR per person.
 */

const TODAY = '2032-03-08';
const clock = new Date(`${TODAY}T08:00:00Z`);
const day = (n: number) => addDays(TODAY, n);

let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
const ids: Record<string, string> = {};
const users: Record<string, { id: string; token: string; email: string }> = {};
const org: Record<string, string> = {};
let seq = 0;

const person = (k: number) => ({ nin: String(72000000000 + k), ssid: `SS${720 + k}` });
/** Tenant A's people: [key, k, ministry, department]. */
const PEOPLE = [
  ['nurse', 1, 'Ministry of Health', 'Nursing Services'],
  ['clerk', 2, 'Ministry of Health', 'Administration'],
  ['engineer', 3, 'Ministry of Works', 'Roads'],
] as const;

async function createUser(key: string, role: string, assignedMinistryIds: string[] = []) {
  const email = `field.${key}.${Date.now()}.${seq++}@example.gov.ng`;
  const res = await portal.api.post('/api/v1/tenant-admin/users', {
    token: a.token,
    body: { fullName: `Field ${key}`, email, password: 'Agent-Pass123', role, assignedMinistryIds },
  });
  expect(res.statusCode, res.body).toBe(201);
  users[key] = {
    id: (res.json() as { id: string }).id,
    token: await portal.login(email, 'Agent-Pass123'),
    email,
  };
}

beforeAll(async () => {
  portal = await createTestPortal({ now: () => clock, env: { CLAIM_RATE_PER_IP: '1000' } });
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  const created = await seedRecords(
    portal,
    a.tenant.id,
    PEOPLE.map(([key, k, ministry, department]) => ({
      fullName: `Fieldperson ${key}`,
      ...person(k),
      psn: `PSN72${k}`,
      ministry,
      department,
    })),
  );
  PEOPLE.forEach(([key], i) => (ids[key] = created[i]!));
  const named = await portal.db.orm.execute<{ kind: string; id: string; name: string }>(sql`
    select 'm' as kind, id, name from ministries where tenant_id = ${a.tenant.id}
    union all select 'd', id, name from departments where tenant_id = ${a.tenant.id}`);
  for (const r of named.rows) org[r.name] = r.id;
  await createUser('health', 'AGENT', [org['Ministry of Health']!]);
  await createUser('roving', 'AGENT');
  await createUser('reviewer', 'REVIEWER', [org['Ministry of Health']!]);
  const other = await seedRecords(portal, b.tenant.id, [
    { fullName: 'Fieldperson elsewhere', ...person(9), psn: 'PSN729', ministry: 'Ministry of Health' },
  ]);
  ids.otherTenant = other[0]!;
});
afterAll(async () => {
  await portal?.close();
});

const get = async <T>(url: string, token: string, status = 200) => {
  const res = await portal.api.get(url, { token });
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
const search = (q: string, token = users.health!.token) =>
  get<FieldSearch>(`/api/v1/agent/people?q=${encodeURIComponent(q)}`, token);

describe("a field agent's assignment", () => {
  it('the tenant admin lists the agents with their ministries and departments, and changes them (audited)', async () => {
    const agents = await get<Agent[]>('/api/v1/tenant-admin/agents', a.token);
    expect(agents.map((x) => [x.fullName, x.assignedMinistries.map((m) => m.name)])).toEqual([
      ['Field health', ['Ministry of Health']],
      ['Field roving', []],
    ]);
    const put = (id: string, body: unknown, token = a.token) =>
      portal.api.put(`/api/v1/tenant-admin/agents/${id}/assignments`, { token, body });
    const res = await put(users.roving!.id, { ministryIds: [], departmentIds: [org.Roads] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Agent).assignedDepartments).toEqual([{ id: org.Roads, name: 'Roads' }]);
    const audit = await portal.db.orm.execute(
      sql`select 1 from audit_events where action = 'AGENT_ASSIGNMENTS_UPDATED' and entity_id = ${users.roving!.id}`,
    );
    expect(audit.rows).toHaveLength(1);
    expect((await put(users.roving!.id, { ministryIds: [], departmentIds: [] })).statusCode).toBe(200);
    // Not an agent, another tenant's admin, another tenant's ministry: refused, nothing changed.
    expect((await put(users.reviewer!.id, { ministryIds: [], departmentIds: [] })).statusCode).toBe(404);
    expect((await put(users.health!.id, { ministryIds: [], departmentIds: [] }, b.token)).statusCode).toBe(
      404,
    );
    const foreign = await portal.db.orm.execute<{ id: string }>(
      sql`select id from ministries where tenant_id = ${b.tenant.id} limit 1`,
    );
    expect(
      (await put(users.health!.id, { ministryIds: [foreign.rows[0]!.id], departmentIds: [] })).statusCode,
    ).toBe(400);
    expect((await get<Agent[]>('/api/v1/tenant-admin/agents', b.token)).map((x) => x.id)).not.toContain(
      users.health!.id,
    );
  });

  it("an agent starts a claim only for a person of its assignment: 404 for the tenant's others", async () => {
    const start = (k: number, token: string) =>
      portal.api.post('/api/v1/agent/verify', {
        token,
        body: { ...person(k), consentVersion: CONSENT_VERSION },
      });
    const outside = await start(3, users.health!.token);
    expect(outside.statusCode, outside.body).toBe(404);
    expect(outside.json()).toMatchObject({ message: CLAIM_MESSAGES.outsideAssignment });
    const claims = await portal.db.orm.execute(sql`select 1 from claims where record_id = ${ids.engineer}`);
    expect(claims.rows).toHaveLength(0); // nothing written
    expect((await start(1, users.health!.token)).statusCode).toBe(200);
    // The roving agent (no assignment) works the whole tenant; another tenant's person is nobody's.
    expect((await start(3, users.roving!.token)).statusCode).toBe(200);
    expect((await start(9, users.roving!.token)).statusCode).toBe(400);
  });

  it('an agent re-verifies only a person of its assignment', async () => {
    const res = await portal.api.post(`/api/v1/agent/records/${ids.engineer}/verify`, {
      token: users.health!.token,
      body: person(3),
    });
    expect(res.statusCode, res.body).toBe(404);
  });

  it('the search finds by name, PSN and QR link within the assignment only; a person outside it is 404', async () => {
    expect((await search('Fieldperson')).people.map((p) => p.fullName)).toEqual([
      'Fieldperson clerk',
      'Fieldperson nurse',
    ]);
    expect((await search('PSN721')).people.map((p) => p.id)).toEqual([ids.nurse]);
    expect((await search('Fieldperson engineer')).people).toEqual([]);
    const link = `http://${a.tenant.subdomain}.example/dashboard/agent/verify?person=${ids.clerk}`;
    const [clerk] = (await search(link)).people;
    expect(clerk).toMatchObject({
      id: ids.clerk,
      psn: 'PSN722',
      ministry: 'Ministry of Health',
      department: 'Administration',
      claimed: false,
      nextStep: 'CLAIM',
    });
    expect((await search(`http://x/dashboard/agent/verify?person=${ids.engineer}`)).people).toEqual([]);
    expect((await get<FieldPerson>(`/api/v1/agent/people/${ids.nurse}`, users.health!.token)).fullName).toBe(
      'Fieldperson nurse',
    );
    await get(`/api/v1/agent/people/${ids.engineer}`, users.health!.token, 404);
    await get(`/api/v1/agent/people/${ids.otherTenant}`, users.roving!.token, 404);
    expect(
      (await get<FieldPerson>(`/api/v1/agent/people/${ids.engineer}`, users.roving!.token)).fullName,
    ).toBe('Fieldperson engineer');
    const blank = await portal.api.get('/api/v1/agent/people?q=%20', { token: users.health!.token });
    expect(blank.statusCode).toBe(400);
  });
});

describe("an exercise's schedule, a site's printed list and the agent's desk", () => {
  let campaign: Campaign;

  it('the tenant admin schedules the exercise by site; days outside it and foreign postings are refused', async () => {
    const created = await portal.api.post('/api/v1/campaigns', {
      token: a.token,
      body: {
        name: 'Field headcount',
        ministryIds: [org['Ministry of Health'], org['Ministry of Works']],
        opensOn: TODAY,
        closesOn: day(13),
        graceDays: 3,
        documents: ['Letter of first appointment', 'Last pay slip'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    campaign = created.json() as Campaign;
    const put = (entries: unknown[], token = a.token) =>
      portal.api.put(`/api/v1/campaigns/${campaign.id}/schedule`, { token, body: { entries } });
    const entries = [
      { day: TODAY, site: 'Secretariat Hall A', ministryIds: [org['Ministry of Health']] },
      { day: day(1), site: 'Works Yard', ministryIds: [org['Ministry of Works']] },
    ];
    expect((await put([{ ...entries[0], day: day(14) }])).statusCode).toBe(400);
    expect((await put([{ day: TODAY, site: 'Hall', ministryIds: [] }])).statusCode).toBe(400);
    expect((await put([{ day: TODAY, site: 'Hall', ministryIds: [ids.nurse] }])).statusCode).toBe(400);
    expect((await put(entries, b.token)).statusCode).toBe(404);
    expect((await put(entries, users.health!.token)).statusCode).toBe(403);
    const saved = await put(entries);
    expect(saved.statusCode, saved.body).toBe(200);
    const schedule = await get<Schedule>(`/api/v1/campaigns/${campaign.id}/schedule`, a.token);
    expect(schedule.entries.map((e) => [e.day, e.site, e.ministries.map((m) => m.name)])).toEqual([
      [TODAY, 'Secretariat Hall A', ['Ministry of Health']],
      [day(1), 'Works Yard', ['Ministry of Works']],
    ]);
    await get(`/api/v1/campaigns/${campaign.id}/schedule`, b.token, 404);
    const audit = await portal.db.orm.execute(
      sql`select 1 from audit_events where action = 'CAMPAIGN_SCHEDULE_UPDATED' and entity_id = ${campaign.id}`,
    );
    expect(audit.rows).toHaveLength(1);
  });

  it("a site's list names everyone the schedule brings there, each with a QR code the agent's search reads", async () => {
    const url = (site: string) =>
      `/api/v1/campaigns/${campaign.id}/site-list?site=${encodeURIComponent(site)}`;
    const list = await get<SiteList>(url('Secretariat Hall A'), a.token);
    expect(list).toMatchObject({
      campaignName: 'Field headcount',
      days: [TODAY],
      documents: ['Letter of first appointment', 'Last pay slip'],
    });
    expect(list.people.map((p) => [p.fullName, p.psn, p.department, p.day])).toEqual([
      ['Fieldperson clerk', 'PSN722', 'Administration', TODAY],
      ['Fieldperson nurse', 'PSN721', 'Nursing Services', TODAY],
    ]);
    for (const p of list.people) {
      expect(p.qr).toContain(`${a.tenant.subdomain}`);
      expect(fieldPersonIdOf(p.qr)).toBe(p.id);
      expect((await search(p.qr)).people.map((x) => x.id)).toEqual([p.id]);
    }
    await get(url('Nowhere'), a.token, 404);
    await get(url('Secretariat Hall A'), b.token, 404);
    await get(url('Secretariat Hall A'), users.health!.token, 403);
  });

  it("the agent's desk: the running exercise over its assignment, documents, counts and today's sites", async () => {
    const desk = await get<FieldDesk>('/api/v1/agent/exercises', users.health!.token);
    expect(desk.today).toBe(TODAY);
    expect(desk.exercises).toHaveLength(1);
    expect(desk.exercises[0]).toMatchObject({
      id: campaign.id,
      state: 'OPEN',
      documents: ['Letter of first appointment', 'Last pay slip'],
      inAssignment: 2,
      appeared: 0,
      remaining: 2,
      verifiedByMeToday: 0,
    });
    expect(desk.exercises[0]!.todaySchedule.map((e) => e.site)).toEqual(['Secretariat Hall A']);
    // The agent helps the nurse claim (the claim started above goes on): the counts move.
    const start = await portal.api.post('/api/v1/agent/verify', {
      token: users.health!.token,
      body: { ...person(1), consentVersion: CONSENT_VERSION },
    });
    const claimId = (start.json() as { recordId: string }).recordId;
    const challenge = await portal.api.post('/api/v1/agent/challenge', {
      token: users.health!.token,
      body: { recordId: claimId, psn: 'PSN721' },
    });
    expect(challenge.json()).toMatchObject({ success: true });
    const made = await portal.api.post('/api/v1/auth/create-account', {
      token: users.health!.token,
      body: { email: `nurse.${Date.now()}@example.gov.ng`, password: 'Employee-Pass1', recordId: claimId },
    });
    expect(made.statusCode, made.body).toBe(200);
    const after = await get<FieldDesk>('/api/v1/agent/exercises', users.health!.token);
    expect(after.exercises[0]).toMatchObject({
      inAssignment: 2,
      appeared: 1,
      remaining: 1,
      verifiedByMeToday: 1,
    });
    const nurse = await get<FieldPerson>(`/api/v1/agent/people/${ids.nurse}`, users.health!.token);
    expect(nurse).toMatchObject({ claimed: true, lastAppearedOn: TODAY, nextStep: 'NONE' });
    // The roving agent reaches the whole tenant: the whole scope, both sites of the day.
    const roving = await get<FieldDesk>('/api/v1/agent/exercises', users.roving!.token);
    expect(roving.exercises[0]).toMatchObject({ inAssignment: 3, appeared: 1, verifiedByMeToday: 0 });
    // Another tenant's agent sees none of it; other roles are refused.
    const res = await portal.api.post('/api/v1/tenant-admin/users', {
      token: b.token,
      body: {
        fullName: 'B agent',
        email: `b.agent.${Date.now()}@example.gov.ng`,
        password: 'Agent-Pass123',
        role: 'AGENT',
      },
    });
    const bAgent = await portal.login((JSON.parse(res.payload) as { email: string }).email, 'Agent-Pass123');
    expect((await get<FieldDesk>('/api/v1/agent/exercises', bAgent)).exercises).toEqual([]);
    await get('/api/v1/agent/exercises', users.reviewer!.token, 403);
    await get('/api/v1/agent/exercises', a.token, 403);
    await get(`/api/v1/agent/people/${ids.nurse}`, a.token, 403);
  });
});
