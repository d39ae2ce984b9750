import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, CAMPAIGN_MESSAGES as M, type Campaign } from '@portal/contract/campaigns';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';

/*
 * Verification exercises, first slice (issue #33): create, list, read, extend; the state from the
 * dates and the portal's clock in the tenant's zone; one exercise per scope at a time, also under
 * two creates at once; tenant isolation; the tenant admin alone; the audit trail.
 */

const PASSWORD = 'Str0ng-Passw0rd';
/** The portal's clock: 09:00 in Lagos (UTC+1) on TODAY unless a test moves it. */
const TODAY = '2030-03-10';
let clock = new Date(`${TODAY}T08:00:00Z`);
const at = (day: string, utcTime = '08:00:00') => {
  clock = new Date(`${day}T${utcTime}Z`);
};
const day = (n: number) => addDays(TODAY, n);

let portal: TestPortal;

interface Tenant {
  id: string;
  token: string;
  m: Record<'health' | 'works' | 'education', string>;
  d: Record<'nursing' | 'roads' | 'schools' | 'admin', string>;
}

let seq = 0;
/**
 * A tenant with its admin and four postings: Health/Nursing, Works/Roads, Education/Schools and
 * Health/Administration (the department Administration lies in the ministry of Health).
 */
async function freshTenant(): Promise<Tenant> {
  const t = await createTenantWithAdmin(portal);
  const k = ++seq;
  await seedRecords(
    portal,
    t.tenant.id,
    [
      ['Ministry of Health', 'Nursing Services'],
      ['Ministry of Works', 'Roads'],
      ['Ministry of Education', 'Schools'],
      ['Ministry of Health', 'Administration'],
    ].map(([ministry, department], i) => ({
      fullName: `Camp Person ${k} ${i}`,
      nin: String(60000000000 + k * 100 + i),
      psn: `PSN6${k}${i}`,
      ministry,
      department,
    })),
  );
  const ids = async (table: 'ministries' | 'departments') =>
    new Map(
      (
        await portal.db.orm.execute<{ id: string; name: string }>(
          sql`select id, name from ${sql.identifier(table)} where tenant_id = ${t.tenant.id}`,
        )
      ).rows.map((r) => [r.name, r.id]),
    );
  const m = await ids('ministries');
  const d = await ids('departments');
  return {
    id: t.tenant.id,
    token: t.token,
    m: {
      health: m.get('Ministry of Health')!,
      works: m.get('Ministry of Works')!,
      education: m.get('Ministry of Education')!,
    },
    d: {
      nursing: d.get('Nursing Services')!,
      roads: d.get('Roads')!,
      schools: d.get('Schools')!,
      admin: d.get('Administration')!,
    },
  };
}

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Headcount 2030',
  opensOn: day(1),
  closesOn: day(28),
  graceDays: 7,
  documents: ['Letter of first appointment', 'Last promotion letter'],
  ...over,
});
const create = (t: Tenant, over: Record<string, unknown> = {}, token = t.token) =>
  portal.api.post('/api/v1/campaigns', { token, body: body(over) });
const created = async (t: Tenant, over: Record<string, unknown> = {}) => {
  const res = await create(t, over);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Campaign;
};
const get = (t: Tenant, id: string, token = t.token) => portal.api.get(`/api/v1/campaigns/${id}`, { token });
const extend = (t: Tenant, id: string, b: unknown, token = t.token) =>
  portal.api.post(`/api/v1/campaigns/${id}/extend`, { token, body: b });
const list = async (t: Tenant) => {
  const res = await portal.api.get('/api/v1/campaigns', { token: t.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Campaign[];
};

/** What a refusal must leave as it was: the tenant's exercises, extensions and audit entries. */
const written = async (t: Tenant) =>
  (
    await portal.db.orm.execute<{ campaigns: string; extensions: string; audit: number }>(sql`
      select (select coalesce(string_agg(c::text, '|' order by c.id), '') from campaigns c where c.tenant_id = ${t.id}) as campaigns,
        (select count(*)::int from campaign_extensions where tenant_id = ${t.id}) as extensions,
        (select count(*)::int from audit_events where tenant_id = ${t.id} and action like 'CAMPAIGN_%') as audit`)
  ).rows[0]!;

const auditOf = async (t: Tenant, action: string) =>
  (
    await portal.db.orm.execute<{
      entity_id: string;
      actor_email: string;
      before: unknown;
      after: unknown;
      note: string | null;
    }>(sql`
      select entity_id, actor_email, before, after, note from audit_events
      where tenant_id = ${t.id} and action = ${action} order by id`)
  ).rows;

beforeAll(async () => {
  portal = await createTestPortal({ now: () => clock });
}, 60_000);
afterAll(async () => {
  await portal?.close();
});

describe('creating an exercise', () => {
  it('answers 201 with the exercise, its scope by name, its state from the dates, and writes CAMPAIGN_CREATED', async () => {
    at(TODAY);
    const t = await freshTenant();
    const res = await create(t, {
      name: '  Headcount 2030  ',
      ministryIds: [t.m.works, t.m.health, t.m.works],
      departmentIds: [t.d.schools],
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json() as Campaign;
    expect(c).toMatchObject({
      name: 'Headcount 2030',
      allRecords: false,
      ministries: [
        { id: t.m.health, name: 'Ministry of Health' },
        { id: t.m.works, name: 'Ministry of Works' },
      ],
      departments: [{ id: t.d.schools, name: 'Schools' }],
      opensOn: day(1),
      closesOn: day(28),
      graceDays: 7,
      graceEndsOn: day(35),
      documents: ['Letter of first appointment', 'Last promotion letter'],
      state: 'UPCOMING',
      today: TODAY,
      extensions: [],
    });
    const [entry] = await auditOf(t, 'CAMPAIGN_CREATED');
    expect(entry).toMatchObject({
      entity_id: c.id,
      before: null,
      after: {
        name: 'Headcount 2030',
        ministryIds: [t.m.works, t.m.health],
        departmentIds: [t.d.schools],
        opensOn: day(1),
        closesOn: day(28),
        graceDays: 7,
      },
    });
    // The tenant admin reads it in the audit log under its label.
    const log = await portal.api.get('/api/v1/audit-events?action=CAMPAIGN_CREATED', { token: t.token });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().items).toEqual([
      expect.objectContaining({ entityId: c.id, label: 'Verification exercise created' }),
    ]);
    // Opening today, for every record, without documents: OPEN at once.
    const u = await freshTenant();
    const now = await created(u, { opensOn: TODAY, closesOn: TODAY, graceDays: 0, documents: undefined });
    expect(now).toMatchObject({
      allRecords: true,
      ministries: [],
      departments: [],
      documents: [],
      state: 'OPEN',
    });
  });

  it('refuses each broken rule with its message and writes nothing', async () => {
    at(TODAY);
    const t = await freshTenant();
    const other = await freshTenant();
    const before = await written(t);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: undefined }, 400, M.nameRequired],
      [{ name: '   ' }, 400, M.nameRequired],
      [{ name: 'x'.repeat(121) }, 400, M.nameTooLong],
      [{ opensOn: day(5), closesOn: day(4) }, 400, M.closesBeforeOpens],
      [{ opensOn: day(-1) }, 400, M.opensInPast],
      [{ opensOn: '2030-02-30' }, 400, M.dateInvalid],
      [{ closesOn: '10/04/2030' }, 400, M.dateFormat],
      [{ opensOn: undefined }, 400, M.opensOnRequired],
      [{ graceDays: 91 }, 400, M.graceDays],
      [{ graceDays: -1 }, 400, M.graceDays],
      [{ graceDays: 1.5 }, 400, M.graceDays],
      [{ graceDays: '7' }, 400, M.graceDays],
      [{ graceDays: undefined }, 400, M.graceDays],
      [{ documents: Array.from({ length: 21 }, (_, i) => `Doc ${i}`) }, 400, M.tooManyDocuments],
      [{ documents: ['x'.repeat(121)] }, 400, M.documentTooLong],
      [{ documents: [' '] }, 400, M.documentEmpty],
      [{ ministryIds: [other.m.health] }, 400, M.unknownMinistry],
      [{ ministryIds: [t.m.health, crypto.randomUUID()] }, 400, M.unknownMinistry],
      [{ departmentIds: [other.d.nursing] }, 400, M.unknownDepartment],
      [{ ministryIds: ['not-an-id'] }, 400, 'Invalid id'],
    ];
    for (const [over, status, message] of cases) {
      const res = await create(t, over);
      expect(res.statusCode, `${JSON.stringify(over)} ${res.body}`).toBe(status);
      expect(res.json().message, JSON.stringify(over)).toBe(message);
    }
    expect(await written(t)).toEqual(before);
    expect(await written(other)).toMatchObject({ campaigns: '', audit: 0 });
  });

  it("the opening day is today in the tenant's zone: 23:30 UTC is already the next day in Lagos", async () => {
    const t = await freshTenant();
    at(day(4), '23:30:00'); // 00:30 on day 5 in Lagos
    expect((await create(t, { opensOn: day(4), closesOn: day(9) })).json().message).toBe(M.opensInPast);
    const c = await created(t, { opensOn: day(5), closesOn: day(9) });
    expect(c).toMatchObject({ today: day(5), state: 'OPEN' });
  });
});

describe('reading exercises', () => {
  it("lists the tenant's own, newest first; reads one; another tenant's or an unknown id is 404", async () => {
    at(TODAY);
    const t = await freshTenant();
    const u = await freshTenant();
    const first = await created(t, { name: 'First', ministryIds: [t.m.health] });
    const second = await created(t, { name: 'Second', ministryIds: [t.m.works] });
    const theirs = await created(u, { name: 'Theirs' });
    expect((await list(t)).map((c) => c.name)).toEqual(['Second', 'First']);
    expect((await list(u)).map((c) => c.id)).toEqual([theirs.id]);
    const res = await get(t, first.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(first);
    expect((await get(t, second.id.toUpperCase())).json().id).toBe(second.id);
    for (const id of [theirs.id, crypto.randomUUID(), 'nope']) {
      const r = await get(t, id);
      expect(r.statusCode, id).toBe(404);
      expect(r.json().message).toBe(M.notFound);
    }
  });

  it('states follow the clock: UPCOMING, OPEN, IN_GRACE for the grace days, then CLOSED', async () => {
    at(TODAY);
    const t = await freshTenant();
    const c = await created(t, { opensOn: day(1), closesOn: day(3), graceDays: 2 });
    const stateOn = async (d: string, utc = '08:00:00') => {
      at(d, utc);
      const [listed] = await list(t);
      const one = (await get(t, c.id)).json() as Campaign;
      expect(listed!.state).toBe(one.state);
      return one.state;
    };
    expect(await stateOn(TODAY)).toBe('UPCOMING');
    expect(await stateOn(TODAY, '23:00:00')).toBe('OPEN'); // midnight in Lagos: day 1
    expect(await stateOn(day(1))).toBe('OPEN');
    expect(await stateOn(day(3))).toBe('OPEN');
    expect(await stateOn(day(4))).toBe('IN_GRACE');
    expect(await stateOn(day(5))).toBe('IN_GRACE');
    expect(await stateOn(day(6))).toBe('CLOSED');
    // Without grace days the day after the close is CLOSED.
    at(TODAY);
    const u = await freshTenant();
    const n = await created(u, { opensOn: TODAY, closesOn: TODAY, graceDays: 0 });
    at(day(1));
    expect((await get(u, n.id)).json().state).toBe('CLOSED');
  });
});

describe('one exercise per scope at a time', () => {
  it('refuses with 409 naming the other: all records against a ministry, and a ministry against all records', async () => {
    at(TODAY);
    const t = await freshTenant();
    const all = await created(t, { name: 'Everyone' });
    const res = await create(t, { name: 'Health only', ministryIds: [t.m.health], opensOn: day(20) });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      M.overlaps({ name: 'Everyone', opensOn: day(1), closesOn: day(28), graceEndsOn: day(35) }),
    );
    expect(res.json().details).toEqual({ campaignId: all.id });

    const u = await freshTenant();
    await created(u, { name: 'Health only', ministryIds: [u.m.health] });
    const everyone = await create(u, { name: 'Everyone', opensOn: day(35), closesOn: day(40) });
    expect(everyone.statusCode, everyone.body).toBe(409);
    expect(everyone.json().message).toContain("'Health only'");
    expect((await list(u)).length).toBe(1);
  });

  it('two ministry lists sharing a ministry overlap; a department lying in a ministry of the other overlaps; disjoint ones do not', async () => {
    at(TODAY);
    const t = await freshTenant();
    await created(t, { name: 'Health and Works', ministryIds: [t.m.health, t.m.works] });
    const before = await written(t);
    for (const scope of [
      { ministryIds: [t.m.works, t.m.education] },
      { departmentIds: [t.d.admin] }, // Administration lies in Health
      { departmentIds: [t.d.roads] }, // Roads lies in Works
    ]) {
      const res = await create(t, { name: 'Clash', ...scope });
      expect(res.statusCode, `${JSON.stringify(scope)} ${res.body}`).toBe(409);
      expect(res.json().message).toContain("'Health and Works'");
    }
    expect(await written(t)).toEqual(before);
    // Education and its department Schools share nothing with Health and Works.
    await created(t, { name: 'Education', ministryIds: [t.m.education], departmentIds: [t.d.schools] });
    // A department of the same name in another ministry's scope is still the same department.
    const u = await freshTenant();
    await created(u, { name: 'Schools', departmentIds: [u.d.schools] });
    expect((await create(u, { name: 'Education', ministryIds: [u.m.education] })).statusCode).toBe(409);
    expect((await create(u, { name: 'Schools again', departmentIds: [u.d.schools] })).statusCode).toBe(409);
    await created(u, { name: 'Nursing', departmentIds: [u.d.nursing] });
  });

  it('the same scope in dates after the other has closed (grace included) is allowed; a closed exercise blocks nothing', async () => {
    at(TODAY);
    const t = await freshTenant();
    await created(t, { name: 'March', opensOn: day(1), closesOn: day(10), graceDays: 3 });
    expect((await create(t, { name: 'In its grace', opensOn: day(13), closesOn: day(20) })).statusCode).toBe(
      409,
    );
    await created(t, { name: 'After its grace', opensOn: day(14), closesOn: day(20), graceDays: 0 });
    at(day(21));
    await created(t, { name: 'Later still', opensOn: day(21), closesOn: day(30) });
  });

  it('two creates of overlapping exercises at once: exactly one 201 and one 409, one exercise written', async () => {
    at(TODAY);
    for (let round = 0; round < 3; round++) {
      const t = await freshTenant();
      const results = await Promise.all([
        create(t, { name: 'Racer A', ministryIds: [t.m.health] }),
        create(t, { name: 'Racer B', ministryIds: [t.m.health, t.m.works] }),
      ]);
      expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([
        201, 409,
      ]);
      expect((await list(t)).length).toBe(1);
      expect((await auditOf(t, 'CAMPAIGN_CREATED')).length).toBe(1);
    }
  });
});

describe('extending an exercise', () => {
  it('moves the closing day later with a reason, keeps the history and writes CAMPAIGN_EXTENDED', async () => {
    at(TODAY);
    const t = await freshTenant();
    const c = await created(t, { opensOn: day(1), closesOn: day(10), graceDays: 2 });
    at(day(5));
    const res = await extend(t, c.id, { closesOn: day(17), reason: '  Flooding in two LGAs  ' });
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json() as Campaign;
    expect(e).toMatchObject({ id: c.id, closesOn: day(17), graceEndsOn: day(19), state: 'OPEN' });
    expect(e.extensions).toEqual([
      expect.objectContaining({ fromClosesOn: day(10), toClosesOn: day(17), reason: 'Flooding in two LGAs' }),
    ]);
    // In its grace period it may still be extended, and opens again.
    at(day(18));
    expect((await get(t, c.id)).json().state).toBe('IN_GRACE');
    const again = await extend(t, c.id, { closesOn: day(24), reason: 'Strike' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ closesOn: day(24), state: 'OPEN' });
    expect((again.json() as Campaign).extensions.map((x) => x.toClosesOn)).toEqual([day(17), day(24)]);
    const entries = await auditOf(t, 'CAMPAIGN_EXTENDED');
    expect(entries).toEqual([
      expect.objectContaining({
        entity_id: c.id,
        before: { closesOn: day(10) },
        after: { closesOn: day(17) },
        note: 'Flooding in two LGAs',
      }),
      expect.objectContaining({
        before: { closesOn: day(17) },
        after: { closesOn: day(24) },
        note: 'Strike',
      }),
    ]);
  });

  it('refuses a same or earlier day, no reason, a date that is none, a closed exercise and an overlap; writes nothing', async () => {
    at(TODAY);
    const t = await freshTenant();
    const c = await created(t, {
      name: 'Health',
      ministryIds: [t.m.health],
      closesOn: day(10),
      graceDays: 2,
    });
    await created(t, { name: 'Works later', ministryIds: [t.m.works], opensOn: day(20), closesOn: day(30) });
    const next = await created(t, {
      name: 'Health again',
      ministryIds: [t.m.health],
      opensOn: day(20),
      closesOn: day(30),
    });
    at(day(5));
    const before = await written(t);
    const cases: [unknown, number, string][] = [
      [{ closesOn: day(10), reason: 'x' }, 400, M.cannotShorten],
      [{ closesOn: day(9), reason: 'x' }, 400, M.cannotShorten],
      [{ closesOn: day(12), reason: '  ' }, 400, M.reasonRequired],
      [{ closesOn: day(12) }, 400, M.reasonRequired],
      [{ closesOn: day(12), reason: 'x'.repeat(501) }, 400, M.reasonTooLong],
      [{ closesOn: '2030-13-01', reason: 'x' }, 400, M.dateInvalid],
      // Into 'Health again''s window (grace included: day 18 + 2 = day 20).
      [
        { closesOn: day(18), reason: 'x' },
        409,
        M.overlaps({ name: 'Health again', opensOn: day(20), closesOn: day(30), graceEndsOn: day(37) }),
      ],
    ];
    for (const [b, status, message] of cases) {
      const res = await extend(t, c.id, b);
      expect(res.statusCode, `${JSON.stringify(b)} ${res.body}`).toBe(status);
      expect(res.json().message, JSON.stringify(b)).toBe(message);
    }
    // Up to the day before: its grace ends on day 19, the other opens on day 20.
    expect((await extend(t, c.id, { closesOn: day(17), reason: 'x' })).statusCode).toBe(200);
    // The next one may grow at its end meanwhile.
    at(day(18));
    expect((await extend(t, next.id, { closesOn: day(31), reason: 'fine' })).statusCode).toBe(200);
    const inGrace = await written(t);
    expect(inGrace.extensions).toBe(2);
    expect((await get(t, c.id)).json().state).toBe('IN_GRACE');
    // Closed: 409.
    at(day(20));
    const closed = await extend(t, c.id, { closesOn: day(40), reason: 'too late' });
    expect(closed.statusCode, closed.body).toBe(409);
    expect(closed.json().message).toBe(M.closed);
    expect(await written(t)).toEqual(inGrace);
    expect(before.extensions).toBe(0);
  });

  it('a new closing day already past is refused while in grace', async () => {
    at(TODAY);
    const t = await freshTenant();
    const c = await created(t, { opensOn: day(1), closesOn: day(3), graceDays: 5 });
    at(day(6));
    const before = await written(t);
    const res = await extend(t, c.id, { closesOn: day(5), reason: 'late' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(M.extendToPast);
    expect(await written(t)).toEqual(before);
  });
});

describe('who may call', () => {
  it("another tenant's exercise is 404 on get and extend and never listed; nothing of it changes", async () => {
    at(TODAY);
    const t = await freshTenant();
    const u = await freshTenant();
    const theirs = await created(u, { name: 'Theirs' });
    const before = await written(u);
    expect((await get(t, theirs.id)).statusCode).toBe(404);
    const res = await extend(t, theirs.id, { closesOn: day(60), reason: 'not mine' });
    expect(res.statusCode, res.body).toBe(404);
    expect((await list(t)).map((c) => c.id)).not.toContain(theirs.id);
    expect(await written(u)).toEqual(before);
    // And another tenant's exercise does not block this tenant's.
    await created(t, { name: 'Mine' });
  });

  it('401 without a token and 403 for the global admin, reviewer, agent and employee on every route', async () => {
    at(TODAY);
    const t = await freshTenant();
    const c = await created(t);
    const tokens: Record<string, string> = {
      GLOBAL_SUPER_ADMIN: await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password),
    };
    for (const role of ['REVIEWER', 'AGENT', 'SELF_SERVICE_USER']) {
      const email = `camp.${role.toLowerCase()}.${t.id.slice(0, 8)}@example.gov.ng`;
      const made = await portal.api.post('/api/v1/tenant-admin/users', {
        token: t.token,
        body: { fullName: `Camp ${role}`, email, password: PASSWORD, role },
      });
      expect(made.statusCode, made.body).toBeLessThan(300);
      tokens[role] = await portal.login(email, PASSWORD);
    }
    const before = await written(t);
    const calls = [
      ['POST', '/api/v1/campaigns', body({ name: 'Intruder', opensOn: day(100), closesOn: day(101) })],
      ['GET', '/api/v1/campaigns', undefined],
      ['GET', `/api/v1/campaigns/${c.id}`, undefined],
      ['POST', `/api/v1/campaigns/${c.id}/extend`, { closesOn: day(60), reason: 'intruder' }],
    ] as const;
    for (const [method, url, b] of calls) {
      const anonymous = await portal.api.call(method, url, { body: b });
      expect(anonymous.statusCode, `${method} ${url} anonymous`).toBe(401);
      for (const [role, token] of Object.entries(tokens)) {
        const res = await portal.api.call(method, url, { token, body: b });
        expect(res.statusCode, `${method} ${url} as ${role}: ${res.body}`).toBe(403);
      }
    }
    expect(await written(t)).toEqual(before);
  });
});
