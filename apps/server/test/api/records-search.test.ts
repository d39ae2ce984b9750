import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Facets, RecordsPage } from '@portal/contract/records';
import type { QueuePage } from '@portal/contract/validation';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';

// Search by name, PSN or Work ID (`q`, issue #17 item 7) on the records list, the records search,
// the two queues and the not-found list: within the tenant, the reviewer's scope and the filters.
let portal: TestPortal;
let t: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let reviewer: string;
const ids: Record<string, string> = {};
const otherTenantIds: string[] = [];
const demoTokens: Record<string, string> = {};

const HEALTH = 'Ministry of Health';
const FINANCE = 'Ministry of Finance';
const SEEDS = [
  // key, full name, PSN, Work ID, ministry, status
  ['adaeze', 'Adaeze Okonkwo', 'PSN1001', 'W-77', HEALTH, 'PENDING_GRADE_VALIDATION'],
  ['okon', 'Okon Bassey', 'PSN1002', 'W-78', FINANCE, 'NOT_FOUND'],
  ['adebayo', 'Adébáyọ̀ Ògúnlẹ̀yẹ', 'PSN2001', null, HEALTH, 'MISMATCHED'],
  ['chinedu', 'Chinedu ADA Eze', 'PSN2002', 'XY1', FINANCE, 'PENDING_GRADE_VALIDATION'],
  ['wild', 'Mary O’Neil-Hart', null, 'X%_\\1', HEALTH, 'VALIDATED'],
] as const;

beforeAll(async () => {
  portal = await createTestPortal();
  t = await createTenantWithAdmin(portal);
  const created = await seedRecords(
    portal,
    t.tenant.id,
    SEEDS.map(([, fullName, psn, employeeId, ministry, status], i) => ({
      fullName,
      psn,
      employeeId,
      nin: String(50000000000 + i),
      ministry,
      department: ministry === HEALTH ? 'Nursing Services' : 'Accounts',
      status,
    })),
  );
  SEEDS.forEach(([key], i) => (ids[key] = created[i]!));

  // The demo tenant holds namesakes with the same PSNs: never found from the other tenant.
  const [demo] = (
    await portal.db.orm.execute<{ id: string }>(sql`select id from tenants where subdomain = 'demo'`)
  ).rows;
  otherTenantIds.push(
    ...(await seedRecords(portal, demo!.id, [
      { fullName: 'Adaeze Okonkwo', psn: 'PSN1001', nin: '50000000100', status: 'PENDING_GRADE_VALIDATION' },
      { fullName: 'Okon Bassey', psn: 'PSN1002', nin: '50000000101', status: 'NOT_FOUND' },
    ])),
  );

  const facets = (await portal.api.get('/api/v1/records/facets', { token: t.token })).json() as Facets;
  const email = `search.reviewer.${Date.now()}@example.gov.ng`;
  await portal.api.post('/api/v1/tenant-admin/users', {
    token: t.token,
    body: {
      fullName: 'Search Reviewer',
      email,
      password: 'Reviewer-Passw0rd',
      role: 'REVIEWER',
      assignedMinistryIds: [facets.ministries.find((m) => m.name === HEALTH)!.id],
    },
  });
  reviewer = await portal.login(email, 'Reviewer-Passw0rd');
  demoTokens.GLOBAL_SUPER_ADMIN = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  demoTokens.REVIEWER = await portal.login('reviewer@demo.local');
  demoTokens.AGENT = await portal.login('agent@demo.local');
  demoTokens.SELF_SERVICE_USER = await portal.login('employee@demo.local');
});
afterAll(async () => {
  await portal?.close();
});

const keyOf = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? `other:${id}`;
const records = async (query: string, token = t.token) => {
  const res = await portal.api.get(`/api/v1/records?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json() as RecordsPage;
  return { ...page, keys: page.items.map((r) => keyOf(r.id)) };
};
const found = async (q: string) => (await records(`q=${encodeURIComponent(q)}`)).keys;
const queue = async (token: string, kind: 'pending-approval' | 'mismatched', query: string) => {
  const res = await portal.api.get(`/api/v1/records/queue/${kind}?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json() as QueuePage;
  return { ...page, keys: page.items.map((r) => keyOf(r.id)) };
};

describe('matching', () => {
  it('finds the start of any name word, in any letter case, in name order', async () => {
    expect(await found('okon')).toEqual(['adaeze', 'okon']);
    expect(await found('OKONKWO')).toEqual(['adaeze']);
    expect(await found('eze')).toEqual(['chinedu']); // 'Eze', not the end of 'Adaeze'
    expect(await found('konkwo')).toEqual([]); // inside a word is not the start of one
    expect(await found('ada')).toEqual(['adaeze', 'chinedu']);
  });

  it('takes every word of a multi-word search, in any order', async () => {
    expect(await found('ada okonk')).toEqual(['adaeze']);
    expect(await found('okonkwo   adaeze')).toEqual(['adaeze']);
    expect(await found('eze chin')).toEqual(['chinedu']);
    expect(await found('ada bassey')).toEqual([]);
    // Words are name words; the PSN and the Work ID are matched by the whole search.
    expect(await found('okonkwo psn100')).toEqual([]);
  });

  it('ignores accents and punctuation in names, as the comparison does', async () => {
    expect(await found('adebayo')).toEqual(['adebayo']);
    expect(await found('OGUNL')).toEqual(['adebayo']);
    expect(await found('Ògúnlẹ̀yẹ')).toEqual(['adebayo']);
    expect(await found('neil')).toEqual(['wild']);
    expect(await found('hart')).toEqual(['wild']);
    expect(await found("o'neil")).toEqual(['wild']);
  });

  it('finds the start of the PSN or the Work ID, in any letter case', async () => {
    expect(await found('psn100')).toEqual(['adaeze', 'okon']);
    expect(await found('PSN1001')).toEqual(['adaeze']);
    expect(await found('psn 2001')).toEqual(['adebayo']);
    expect(await found('psn10011')).toEqual([]);
    expect(await found('w-7')).toEqual(['adaeze', 'okon']);
    expect(await found('W-78')).toEqual(['okon']);
    expect(await found('xy')).toEqual(['chinedu']);
    expect(await found('1001')).toEqual([]); // the PSN's start, not any part of it
  });

  it('takes % _ and \\ literally', async () => {
    expect(await found('x%')).toEqual(['wild']);
    expect(await found('x%_\\1')).toEqual(['wild']);
    expect(await found('x_')).toEqual([]); // a LIKE wildcard would have matched XY1
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
    expect(await found('\\')).toEqual([]);
    expect(await found("'")).toEqual([]);
    expect(await found('a%e')).toEqual([]); // LIKE would take Adaeze
    expect(await found('ada%')).toEqual([]);
    expect(await found('a:*|b')).toEqual([]);
  });

  it('a blank search is no search; the search is trimmed', async () => {
    const all = await records('q=%20%20');
    expect(all.total).toBe(SEEDS.length);
    expect(await found('  okonkwo  ')).toEqual(['adaeze']);
  });
});

describe('with the filters and the scope', () => {
  it('the records list: combined with the filters; the unfiltered total stays the tenant’s', async () => {
    const health = await records(`q=okon&ministry=${encodeURIComponent(HEALTH)}`);
    expect(health.keys).toEqual(['adaeze']);
    expect(health).toMatchObject({ total: 1, unfilteredTotal: SEEDS.length });
    expect((await records('q=ada&status=PENDING_GRADE_VALIDATION')).keys).toEqual(['adaeze', 'chinedu']);
    expect((await records('q=ada&status=VALIDATED')).keys).toEqual([]);
    const paged = await records('q=ada&pageSize=1&page=2');
    expect(paged).toMatchObject({ total: 2, page: 2 });
    expect(paged.keys).toEqual(['chinedu']);
  });

  it('POST /records/search takes q with the ids', async () => {
    const res = await portal.api.post('/api/v1/records/search', {
      token: t.token,
      body: { ids: [ids.adaeze, ids.okon, ids.chinedu], q: 'ada' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as RecordsPage).items.map((r) => keyOf(r.id))).toEqual(['adaeze', 'chinedu']);
  });

  it('the not-found list searches its own records only', async () => {
    const res = await portal.api.get('/api/v1/records/flagged/not-in-sot?q=okon', { token: t.token });
    expect(res.statusCode).toBe(200);
    const page = res.json() as RecordsPage;
    expect(page.items.map((r) => keyOf(r.id))).toEqual(['okon']);
    expect(page).toMatchObject({ total: 1, unfilteredTotal: 1 });
    const none = (
      await portal.api.get('/api/v1/records/flagged/not-in-sot?q=adaeze', { token: t.token })
    ).json() as RecordsPage;
    expect(none.total).toBe(0);
  });

  it("the tenant admin's queues: both tabs' counts follow the search", async () => {
    const pending = await queue(t.token, 'pending-approval', 'q=ada');
    expect(pending.keys).toEqual(['adaeze', 'chinedu']);
    expect(pending.counts).toEqual({ pendingApproval: 2, mismatched: 0 });
    const mismatched = await queue(t.token, 'mismatched', 'q=ogun');
    expect(mismatched.keys).toEqual(['adebayo']);
    expect(mismatched).toMatchObject({ total: 1, counts: { pendingApproval: 0, mismatched: 1 } });
    const filtered = await queue(
      t.token,
      'pending-approval',
      `q=ada&ministry=${encodeURIComponent(FINANCE)}`,
    );
    expect(filtered.keys).toEqual(['chinedu']);
    expect(filtered.counts).toEqual({ pendingApproval: 1, mismatched: 0 });
  });

  it('a reviewer never finds a record outside their assignments', async () => {
    const pending = await queue(reviewer, 'pending-approval', 'q=ada');
    expect(pending.keys).toEqual(['adaeze']);
    expect(pending.counts).toEqual({ pendingApproval: 1, mismatched: 0 });
    for (const q of ['chinedu', 'psn2002', 'xy1', 'okon bassey']) {
      for (const kind of ['pending-approval', 'mismatched'] as const) {
        const page = await queue(reviewer, kind, `q=${encodeURIComponent(q)}`);
        expect(page.items, `${kind} ${q}`).toEqual([]);
        expect(page.counts, `${kind} ${q}`).toEqual({ pendingApproval: 0, mismatched: 0 });
      }
    }
    expect((await queue(reviewer, 'mismatched', 'q=adebayo')).keys).toEqual(['adebayo']);
  });

  it("another tenant's records are never found", async () => {
    const admin = await records('q=okonkwo');
    expect(admin.keys).toEqual(['adaeze']);
    expect((await records('q=psn100')).items.every((r) => !otherTenantIds.includes(r.id))).toBe(true);
    const demoAdmin = await portal.login('tenant.admin@demo.local');
    const demo = await records('q=okonkwo', demoAdmin);
    expect(demo.items.map((r) => r.id)).toEqual([otherTenantIds[0]]);
    expect(
      (await queue(demoTokens.REVIEWER!, 'pending-approval', 'q=adaeze')).items.map((r) => r.id),
    ).not.toContain(ids.adaeze);
  });
});

describe('input and access', () => {
  const routes = [
    ['GET', '/api/v1/records'],
    ['POST', '/api/v1/records/search'],
    ['GET', '/api/v1/records/queue/pending-approval'],
    ['GET', '/api/v1/records/queue/mismatched'],
    ['GET', '/api/v1/records/flagged/not-in-sot'],
  ] as const;
  const call = (method: 'GET' | 'POST', url: string, q: string, token: string) =>
    method === 'GET'
      ? portal.api.get(`${url}?q=${encodeURIComponent(q)}`, { token })
      : portal.api.post(url, { token, body: { q } });

  it('a search longer than 100 characters is a 400 naming q; 100 are taken', async () => {
    for (const [method, url] of routes) {
      const long = await call(method, url, 'a'.repeat(101), t.token);
      expect(long.statusCode, `${method} ${url}`).toBe(400);
      expect(long.json(), `${method} ${url}`).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { q: 'Cannot exceed 100 characters' },
      });
      expect((await call(method, url, 'a'.repeat(100), t.token)).statusCode, `${method} ${url}`).toBe(200);
      // Spaces around it are trimmed before it is measured.
      expect((await call(method, url, ` ${'a'.repeat(100)} `, t.token)).statusCode).toBe(200);
    }
  });

  it('the roles that cannot list records cannot search them (403)', async () => {
    const refused: Record<string, string[]> = {
      GLOBAL_SUPER_ADMIN: routes.map(([, url]) => url),
      AGENT: routes.map(([, url]) => url),
      SELF_SERVICE_USER: routes.map(([, url]) => url),
      REVIEWER: ['/api/v1/records', '/api/v1/records/search', '/api/v1/records/flagged/not-in-sot'],
    };
    for (const [role, urls] of Object.entries(refused)) {
      for (const [method, url] of routes.filter(([, u]) => urls.includes(u))) {
        const res = await call(method, url, 'okonkwo', demoTokens[role]!);
        expect(res.statusCode, `${method} ${url} as ${role}`).toBe(403);
      }
    }
  });
});

describe('names that change', () => {
  it('a new name word is found once the record is written (an edit, an upload)', async () => {
    expect(await found('zebul')).toEqual([]);
    await portal.db.orm.execute(
      sql`update records set full_name = 'Mary O’Neil-Hart Zebulon' where id = ${ids.wild}`,
    );
    expect(await found('zebul')).toEqual(['wild']);
    expect(await found('zebulon mary')).toEqual(['wild']);
  });
});

describe('more matches than a page sorts at once', () => {
  it('counts and pages a search matching more than 20,000 records by walking the name order', async () => {
    const big = await createTenantWithAdmin(portal);
    await seedRecords(portal, big.tenant.id, [
      { fullName: 'Seed Record', nin: '59999999999', status: 'PENDING_GRADE_VALIDATION' },
    ]);
    // 20,050 more of one surname in one statement (the helper sends its rows as one JSON value).
    await portal.db.orm.execute(sql`
      insert into records (tenant_id, natural_key, full_name, psn, nin, ministry_id, department_id, grade_level,
        status, original_upload_data)
      select r.tenant_id, 'PSN' || g, 'Musa ' || lpad(g::text, 5, '0'), 'PSN' || g, (60000000000 + g)::text,
        r.ministry_id, r.department_id, 'GL 08',
        case when g % 2 = 0 then 'PENDING_GRADE_VALIDATION' else 'MISMATCHED' end, '{}'::jsonb
      from generate_series(1, 20050) g, (select * from records where tenant_id = ${big.tenant.id}) r`);
    const page = (
      await portal.api.get('/api/v1/records?q=musa&pageSize=10&page=2', { token: big.token })
    ).json() as RecordsPage;
    expect(page.total).toBe(20050);
    expect(page.items.map((r) => r.fullName)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Musa ${String(11 + i).padStart(5, '0')}`),
    );
    const narrow = (
      await portal.api.get('/api/v1/records?q=musa%2000012', { token: big.token })
    ).json() as RecordsPage;
    expect(narrow.items.map((r) => r.fullName)).toEqual(['Musa 00012']);
    const pending = (
      await portal.api.get('/api/v1/records/queue/pending-approval?q=musa&pageSize=5', { token: big.token })
    ).json() as QueuePage;
    expect(pending.counts).toEqual({ pendingApproval: 10025, mismatched: 10025 });
    expect(pending.items.map((r) => r.fullName)).toEqual([
      'Musa 00002',
      'Musa 00004',
      'Musa 00006',
      'Musa 00008',
      'Musa 00010',
    ]);
  });
});
