import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Facets, RecordsPage } from '@portal/contract/records';
import type { QueuePage } from '@portal/contract/validation';
import { MaintenanceRepo } from '../../src/modules/records/maintenance.repo.ts';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { csvOf, uploadFile, type SampleRow } from '../helpers/uploads.ts';

// The queues' badge counts of postings come from record_queue_counts (migration 0035), and a
// queue's page may be walked in name order instead of gathered and sorted. What a reviewer or an
// admin sees must not depend on either: the same records, order, totals and counts as reading the
// records, after every kind of write (upload, re-upload that moves records, bulk state changes,
// decisions, edit, delete, the tenant's deletion, the upkeep).
let portal: TestPortal;
let t: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let reviewer: string;

/** The reviewer's scope: two ministries, a department outside them and one inside. */
const SCOPE = {
  ministries: ['Ministry of Health', 'Ministry of Works'],
  departments: ['Audit', 'Clinics'],
};
const POSTINGS = [
  ['Ministry of Health', 'Nursing Services'],
  ['Ministry of Works', 'Roads'],
  ['Ministry of Finance', 'Accounts'],
  ['Ministry of Finance', 'Audit'],
  ['Ministry of Health', 'Clinics'],
  ['Ministry of Education', 'Clinics'],
  ['Ministry of Finance', 'Audit'],
] as const;
const FIRSTS = ['Ada', 'Bola', 'Chidi', 'Dayo', 'Emeka', 'Funke', 'Gbenga'];
// 60 records; Audit's sort last in name order (a reviewer's matches bunched at the end).
const rows: SampleRow[] = Array.from({ length: 60 }, (_, i) => {
  const [ministry, department] = POSTINGS[i % POSTINGS.length]!;
  return {
    name:
      department === 'Audit'
        ? `Zz Audit ${String(i).padStart(2, '0')}`
        : `${FIRSTS[i % FIRSTS.length]} Okafor ${String(i).padStart(2, '0')}`,
    psn: `PSN${String(8000 + i)}`,
    nin: String(62000000000 + i),
    ministry,
    department,
  };
});

/** States by the record's number, as a verification would leave them: each posting has all three. */
const STATES = sql`case (substr(psn, 4)::int - 8000) / ${POSTINGS.length} % 3
  when 0 then 'PENDING_GRADE_VALIDATION' when 1 then 'MISMATCHED' else 'VALIDATED' end`;

beforeAll(async () => {
  portal = await createTestPortal();
  t = await createTenantWithAdmin(portal);
  const res = await uploadFile(portal, t.token, 'list.csv', csvOf(rows));
  expect(res.statusCode, res.body).toBe(200);
  await portal.db.orm.execute(sql`
    update records set status = ${STATES}
    where tenant_id = ${t.tenant.id}`);
  const facets = (await portal.api.get('/api/v1/records/facets', { token: t.token })).json() as Facets;
  const email = `queue.counts.${Date.now()}@example.gov.ng`;
  const created = await portal.api.post('/api/v1/tenant-admin/users', {
    token: t.token,
    body: {
      fullName: 'Counts Reviewer',
      email,
      password: 'Reviewer-Passw0rd',
      role: 'REVIEWER',
      assignedMinistryIds: SCOPE.ministries.map((n) => facets.ministries.find((m) => m.name === n)!.id),
      assignedDepartmentIds: SCOPE.departments.map((n) => facets.departments.find((d) => d.name === n)!.id),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  reviewer = await portal.login(email, 'Reviewer-Passw0rd');
});
afterAll(async () => {
  vi.restoreAllMocks();
  await portal?.close();
});

const QUEUES = { 'pending-approval': 'PENDING_GRADE_VALIDATION', mismatched: 'MISMATCHED' } as const;
type Kind = keyof typeof QUEUES;

const queue = async (token: string, kind: Kind, query: string) => {
  const res = await portal.api.get(`/api/v1/records/queue/${kind}?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json() as QueuePage;
  return { total: page.total, counts: page.counts, names: page.items.map((r) => r.fullName) };
};

/** A queue state's records read from the records list (every record read), narrowed here. */
async function readState(status: string, keep: (r: { ministry: string; department: string }) => boolean) {
  const res = await portal.api.get(`/api/v1/records?status=${status}&pageSize=100`, { token: t.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as RecordsPage).items
    .filter((r) => keep({ ministry: r.ministry ?? '', department: r.department ?? '' }))
    .map((r) => r.fullName);
}

const inScope = (r: { ministry: string; department: string }) =>
  SCOPE.ministries.includes(r.ministry) || SCOPE.departments.includes(r.department);

/**
 * The reviewer's and the admin's queues, unfiltered and by ministry or department, on several
 * pages: the names, totals and both badge counts equal those of the records read.
 */
async function expectQueuesAsRead() {
  const cases: [string, string, (r: { ministry: string; department: string }) => boolean][] = [
    [reviewer, '', inScope],
    [reviewer, 'department=Audit', (r) => inScope(r) && r.department === 'Audit'],
    [reviewer, 'ministry=Ministry%20of%20Health', (r) => inScope(r) && r.ministry === 'Ministry of Health'],
    [reviewer, 'department=Accounts', (r) => inScope(r) && r.department === 'Accounts'],
    [t.token, '', () => true],
    [t.token, 'department=Clinics', (r) => r.department === 'Clinics'],
    [t.token, 'ministry=Ministry%20of%20Finance', (r) => r.ministry === 'Ministry of Finance'],
  ];
  for (const [token, filter, keep] of cases) {
    const read = {
      pending: await readState(QUEUES['pending-approval'], keep),
      mismatched: await readState(QUEUES.mismatched, keep),
    };
    const counts = { pendingApproval: read.pending.length, mismatched: read.mismatched.length };
    for (const kind of Object.keys(QUEUES) as Kind[]) {
      const all = kind === 'mismatched' ? read.mismatched : read.pending;
      for (const [pageSize, pages] of [
        [1, [1, 2, 3, 5, 9]],
        [2, [1, 2, 4]],
        [5, [1, 2, 3]],
        [25, [1, 2]],
      ] as const) {
        for (const page of pages) {
          const query = `${filter}&pageSize=${pageSize}&page=${page}`;
          const got = await queue(token, kind, query);
          const label = `${token === reviewer ? 'reviewer' : 'admin'} ${kind} ${query}`;
          expect(got.names, label).toEqual(all.slice((page - 1) * pageSize, page * pageSize));
          expect(got.total, label).toBe(all.length);
          expect(got.counts, label).toEqual(counts);
        }
      }
    }
  }
}

/** The tenant's counted queue postings against a recount from its records. */
async function queueCounts(tenantId: string) {
  const counted = await portal.db.orm.execute<Record<string, unknown>>(sql`
    select status, ministry_id, department_id, sum(n)::int as n from record_queue_counts
    where tenant_id = ${tenantId} group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`);
  const recounted = await portal.db.orm.execute<Record<string, unknown>>(sql`
    select status, ministry_id, department_id, count(*)::int as n from records
    where tenant_id = ${tenantId} and status in ('PENDING_GRADE_VALIDATION', 'MISMATCHED')
    group by 1, 2, 3 order by 1, 2, 3`);
  return { counted: counted.rows.map((r) => ({ ...r })), recounted: recounted.rows.map((r) => ({ ...r })) };
}

async function expectCountsExact() {
  const { counted, recounted } = await queueCounts(t.tenant.id);
  expect(recounted.length).toBeGreaterThan(0);
  expect(counted).toEqual(recounted);
}

const idOf = async (name: string) =>
  (
    await portal.db.orm.execute<{ id: string }>(
      sql`select id from records where tenant_id = ${t.tenant.id} and full_name = ${name}`,
    )
  ).rows[0]!.id;

describe("a reviewer's queues: counts per posting and pages walked in name order", () => {
  it('after the upload and a change of states: the same as reading the records', async () => {
    await expectCountsExact();
    await expectQueuesAsRead();
  });

  it('walks the name order for a spread scope, and reads the matches when they bunch at its end', async () => {
    // Every statement Drizzle sends, on PGlite and on PostgreSQL, as its text.
    const execute = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    const statements = () =>
      execute.mock.results.map((r) => (r.value as { sql: string }).sql.replace(/\s+/g, ' '));
    const gathered = () =>
      statements().filter((q) => q.includes('union all select id, full_name from records'));
    const walked = () => statements().filter((q) => q.includes(') as records where'));
    // The reviewer's mismatched records are spread over the name order: the first of them comes
    // within the first few of the state, so the page is walked (the matches are not gathered).
    const first = await queue(reviewer, 'mismatched', 'pageSize=1');
    expect(first.names).toHaveLength(1);
    expect(walked()).toHaveLength(1);
    expect(gathered()).toHaveLength(0);
    // Audit's records sort last: the walk ends short, and the matches are gathered and sorted.
    execute.mockClear();
    const audit = await queue(reviewer, 'mismatched', 'department=Audit&pageSize=1');
    expect(audit.names[0]).toMatch(/^Zz Audit/);
    expect(walked()).toHaveLength(1);
    expect(gathered()).toHaveLength(1);
    execute.mockRestore();
  });

  it('after a re-upload that moves records to other postings', async () => {
    const moved = rows.map((r, i) =>
      i % 5 === 0 ? { ...r, ministry: 'Ministry of Finance', department: 'Audit' } : r,
    );
    const res = await uploadFile(portal, t.token, 'moved.csv', csvOf(moved));
    expect(res.statusCode, res.body).toBe(200);
    await expectCountsExact();
    await expectQueuesAsRead();
  });

  it('after decisions and an edit that moves a record to another department', async () => {
    await portal.db.orm.execute(sql`
      update records set status = ${STATES} where tenant_id = ${t.tenant.id}`);
    await expectCountsExact();
    const approve = await portal.api.post(`/api/v1/records/${await idOf(rows[0]!.name)}/validate`, {
      token: reviewer,
      body: { decision: 'APPROVE', comments: '' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const reject = await portal.api.post(`/api/v1/records/${await idOf(rows[3]!.name)}/validate`, {
      token: t.token,
      body: { decision: 'REJECT', comments: 'Not on our staff', reasonCode: 'NOT_ON_NOMINAL_ROLL' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    const edit = await portal.api.put(`/api/v1/records/${await idOf(rows[7]!.name)}`, {
      token: t.token,
      body: {
        fullName: rows[7]!.name,
        department: 'Accounts',
        ministry: 'Ministry of Finance',
        gradeLevel: 'GL 08',
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await expectCountsExact();
    await expectQueuesAsRead();
  });

  it('after records are deleted, and with their tenant', async () => {
    await portal.db.orm.execute(
      sql`delete from records where tenant_id = ${t.tenant.id} and substr(psn, 4)::int % 4 = 1`,
    );
    await expectCountsExact();
    await expectQueuesAsRead();

    const other = await createTenantWithAdmin(portal);
    expect((await uploadFile(portal, other.token, 'list.csv', csvOf(rows.slice(0, 9)))).statusCode).toBe(200);
    await portal.db.orm.execute(
      sql`update records set status = 'MISMATCHED' where tenant_id = ${other.tenant.id}`,
    );
    const before = await queueCounts(other.tenant.id);
    expect(before.counted).toEqual(before.recounted);
    expect(before.counted.length).toBeGreaterThan(0);
    const admin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const removed = await portal.api.delete(`/api/v1/global-admin/tenants/${other.tenant.id}`, {
      token: admin,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const left = await portal.db.orm.execute<{ n: number }>(
      sql`select count(*)::int as n from record_queue_counts where tenant_id = ${other.tenant.id}`,
    );
    expect(left.rows[0]!.n).toBe(0);
    await expectCountsExact();
  });

  it('the upkeep sums each posting and state into one row; the counts and pages stay the same', async () => {
    const rowsPerPosting = async () =>
      (
        await portal.db.orm.execute<{ most: number; zero: number }>(sql`
          select max(k)::int as most, count(*) filter (where s = 0)::int as zero from (
            select count(*) as k, sum(n) as s from record_queue_counts where tenant_id = ${t.tenant.id}
            group by status, ministry_id, department_id) p`)
      ).rows[0]!;
    expect((await rowsPerPosting()).most).toBeGreaterThan(1);
    await new MaintenanceRepo(portal.db.orm).compactQueueCounts();
    expect(await rowsPerPosting()).toEqual({ most: 1, zero: 0 });
    await expectCountsExact();
    await expectQueuesAsRead();
  });
});
