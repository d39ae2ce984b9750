import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { RECORD_STATUSES, type RecordsPage } from '@portal/contract/records';
import type { QueuePage } from '@portal/contract/validation';
import { MaintenanceRepo } from '../../src/modules/records/maintenance.repo.ts';
import { RecordsRepo } from '../../src/modules/records/records.repo.ts';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { csvOf, uploadFile, type SampleRow } from '../helpers/uploads.ts';

// A search of one name word takes its total from the tenant's name words' counts (migration 0028)
// and may find its page by walking the name order; a search in the queues' states reads them from
// their own search index first. What a caller sees must not depend on any of it: the same records,
// in the same order, with the same exact totals as a search the records are read for, after every
// kind of write (upload, re-upload that renames, edit, decision, delete).
let portal: TestPortal;
let t: Awaited<ReturnType<typeof createTenantWithAdmin>>;

// 36 records: 'Mid' (a middle name) every third record, spread over the name order; 'Zed' only in
// the names that sort last; 'Wale' a name word and the start of two Work IDs, one of them on a
// record named Wale; first names that share starts (Ada, Adaeze, Adamu).
const FIRSTS = ['Ada', 'Adaeze', 'Adamu', 'Bola', 'Chidi', 'Dayo', 'Emeka', 'Funke', 'Gbenga'];
const rows: SampleRow[] = Array.from({ length: 36 }, (_, i) => ({
  name:
    i >= 30
      ? `Zed Zulu ${String.fromCharCode(65 + i - 30)}`
      : `${FIRSTS[i % FIRSTS.length]}${i % 3 === 0 ? ' Mid' : ''} ${i === 4 ? 'Wale' : 'Okafor'} ${String.fromCharCode(65 + (i % 26))}`,
  psn: `PSN${String(7000 + i)}`,
  nin: String(61000000000 + i),
  ministry: i % 2 ? 'Ministry of Health' : 'Ministry of Finance',
  department: i % 2 ? 'Nursing Services' : 'Accounts',
}));
// Work IDs of csvOf are EMP00001…; two records get one that 'wale' starts.
const WORK_IDS: Record<number, string> = { 4: 'WALE-1', 7: 'wale2' };
const SEARCHES = [
  'mid',
  'zed',
  'zulu',
  'wale',
  'ada',
  'adae',
  'adam',
  'emeka',
  'okafor',
  'psn700',
  'emp0001',
  'nobody',
];
const ALL_STATES = RECORD_STATUSES.map((s) => `status=${s}`).join('&');

beforeAll(async () => {
  portal = await createTestPortal();
  t = await createTenantWithAdmin(portal);
  const res = await uploadFile(portal, t.token, 'list.csv', csvOf(rows));
  expect(res.statusCode, res.body).toBe(200);
  for (const [i, workId] of Object.entries(WORK_IDS))
    await portal.db.orm.execute(
      sql`update records set employee_id = ${workId} where tenant_id = ${t.tenant.id} and psn = ${rows[Number(i)]!.psn}`,
    );
});
afterAll(async () => {
  vi.restoreAllMocks();
  await portal?.close();
});

const list = async (query: string, token = t.token) => {
  const res = await portal.api.get(`/api/v1/records?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json() as RecordsPage;
  return { total: page.total, names: page.items.map((r) => r.fullName), ids: page.items.map((r) => r.id) };
};

/** The tenant's counted name words against a recount from its records: equal when nothing drifted. */
async function wordCounts(tenantId: string) {
  const counted = await portal.db.orm.execute<{ word: string; n: number }>(sql`
    select word, sum(n)::int as n from search_word_counts where tenant_id = ${tenantId}
    group by word having sum(n) <> 0 order by word`);
  const recounted = await portal.db.orm.execute<{ word: string; n: number }>(sql`
    select w as word, count(*)::int as n from records r, unnest(tsvector_to_array(r.search_terms)) w
    where r.tenant_id = ${tenantId} and w not like '#%' group by w order by w`);
  return { counted: counted.rows.map((r) => ({ ...r })), recounted: recounted.rows.map((r) => ({ ...r })) };
}

/**
 * Every search and page gives what the same search gives when its records are read (the filter of
 * every state takes the search off the words' counts and the name-order walk).
 */
async function expectSameAsReadSearch(searches = SEARCHES) {
  for (const q of searches) {
    for (const [pageSize, pages] of [
      [1, [1, 2, 3, 7, 12, 13]],
      [2, [1, 2, 5]],
      [5, [1, 2, 3]],
      [25, [1, 2]],
    ] as const) {
      for (const page of pages) {
        const query = `q=${encodeURIComponent(q)}&pageSize=${pageSize}&page=${page}`;
        const fast = await list(query);
        const read = await list(`${query}&${ALL_STATES}`);
        expect(fast, `${query}`).toEqual(read);
      }
    }
  }
}

describe('a search of one word: total and page', () => {
  it('the same records, order and total as reading them, on every page', async () => {
    expect((await list('q=mid&pageSize=50')).total).toBe(10);
    expect((await list('q=zed&pageSize=50')).names).toEqual([
      'Zed Zulu A',
      'Zed Zulu B',
      'Zed Zulu C',
      'Zed Zulu D',
      'Zed Zulu E',
      'Zed Zulu F',
    ]);
    await expectSameAsReadSearch();
  });

  it('counts a record whose Work ID the word starts once, with or without the word in its name', async () => {
    // 'Wale' is in one name (record 4, whose Work ID is WALE-1) and starts record 7's Work ID.
    const wale = await list('q=wale&pageSize=50');
    expect(wale.total).toBe(2);
    expect(wale.names).toEqual([rows[7]!.name, rows[4]!.name].sort());
  });

  it('walks the name order for a spread word, and reads the matches when they bunch at its end', async () => {
    const firstMid = (await list(`q=mid&pageSize=1&${ALL_STATES}`)).names;
    const read = vi.spyOn(RecordsRepo.prototype, 'page');
    // 'mid': 10 of 36, one every third record: its first record within the first few.
    expect((await list('q=mid&pageSize=1')).names).toEqual(firstMid);
    expect(read).not.toHaveBeenCalled();
    // 'zed': the last 6 in name order; the walk stops after 6 records without them.
    expect((await list('q=zed&pageSize=1')).names).toEqual(['Zed Zulu A']);
    expect(read).toHaveBeenCalledTimes(1);
    read.mockRestore();
  });
});

describe("the words' counts follow every write", () => {
  it('after the upload', async () => {
    const { counted, recounted } = await wordCounts(t.tenant.id);
    expect(counted).toEqual(recounted);
    expect(counted.find((c) => c.word === 'okafor')?.n).toBe(29);
  });

  it('after a re-upload that renames records, and one that changes nothing', async () => {
    const renamed = rows.map((r, i) =>
      i === 0 ? { ...r, name: 'Ada Mid Mid Newword A' } : i === 3 ? { ...r, name: 'Bola Okafor Okafor' } : r,
    );
    expect((await uploadFile(portal, t.token, 'renamed.csv', csvOf(renamed))).statusCode).toBe(200);
    expect((await uploadFile(portal, t.token, 'renamed.csv', csvOf(renamed))).statusCode).toBe(200);
    const { counted, recounted } = await wordCounts(t.tenant.id);
    expect(counted).toEqual(recounted);
    expect((await list('q=newword')).total).toBe(1);
    expect((await list('q=mid&pageSize=50')).total).toBe(9); // record 3 lost its Mid
    await expectSameAsReadSearch(['mid', 'newword', 'okafor', 'bola', 'ada']);
  });

  it('after an edit of the name, and not after decisions', async () => {
    const [rec] = (
      await portal.db.orm.execute<{ id: string }>(
        sql`select id from records where tenant_id = ${t.tenant.id} and full_name = ${rows[6]!.name}`,
      )
    ).rows;
    await portal.db.orm.execute(
      sql`update records set status = 'MISMATCHED' where tenant_id = ${t.tenant.id} and id = ${rec!.id}`,
    );
    const edit = await portal.api.put(`/api/v1/records/${rec!.id}`, {
      token: t.token,
      body: {
        fullName: 'Emeka Edited Okafor',
        department: 'Accounts',
        ministry: 'Ministry of Finance',
        gradeLevel: 'GL 08',
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const pending = await portal.db.orm.execute<{ id: string }>(
      sql`select id from records where tenant_id = ${t.tenant.id} and full_name like 'Chidi%' limit 1`,
    );
    await portal.db.orm.execute(
      sql`update records set status = 'PENDING_GRADE_VALIDATION' where id = ${pending.rows[0]!.id}`,
    );
    const reject = await portal.api.post(`/api/v1/records/${pending.rows[0]!.id}/validate`, {
      token: t.token,
      body: { decision: 'REJECT', comments: 'Not on our staff', reasonCode: 'NOT_ON_NOMINAL_ROLL' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    const { counted, recounted } = await wordCounts(t.tenant.id);
    expect(counted).toEqual(recounted);
    expect((await list('q=edited')).total).toBe(1);
    // A rejected record is still a record of the list, and still found.
    expect((await list('q=chidi&pageSize=50')).total).toBe(3);
    await expectSameAsReadSearch(['edited', 'emeka', 'chidi', 'okafor']);
  });

  it('after records are deleted, and with their tenant', async () => {
    await portal.db.orm.execute(
      sql`delete from records where tenant_id = ${t.tenant.id} and full_name like 'Zed Zulu%' and full_name < 'Zed Zulu C'`,
    );
    const { counted, recounted } = await wordCounts(t.tenant.id);
    expect(counted).toEqual(recounted);
    expect((await list('q=zed')).total).toBe(4);
    await expectSameAsReadSearch(['zed', 'zulu']);

    const other = await createTenantWithAdmin(portal);
    expect((await uploadFile(portal, other.token, 'list.csv', csvOf(rows.slice(0, 5)))).statusCode).toBe(200);
    const admin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const removed = await portal.api.delete(`/api/v1/global-admin/tenants/${other.tenant.id}`, {
      token: admin,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const left = await portal.db.orm.execute<{ words: number; counts: number }>(sql`
      select (select count(*)::int from search_words where tenant_id = ${other.tenant.id}) as words,
        (select count(*)::int from search_word_counts where tenant_id = ${other.tenant.id}) as counts`);
    expect(left.rows[0]).toEqual({ words: 0, counts: 0 });
    // The first tenant's counts are its own.
    const after = await wordCounts(t.tenant.id);
    expect(after.counted).toEqual(after.recounted);
  });
});

describe('the upkeep after a large change', () => {
  it("sums each word's rows into one; the totals stay the same", async () => {
    const before = await wordCounts(t.tenant.id);
    const rowsPerWord = async () =>
      (
        await portal.db.orm.execute<{ most: number }>(sql`
          select max(k)::int as most from (select count(*) as k from search_word_counts
          where tenant_id = ${t.tenant.id} group by word) w`)
      ).rows[0]!.most;
    expect(await rowsPerWord()).toBeGreaterThan(1); // the upload, the re-upload, the edit, the delete
    await new MaintenanceRepo(portal.db.orm).compactSearchWordCounts();
    expect(await rowsPerWord()).toBe(1);
    expect(await wordCounts(t.tenant.id)).toEqual(before);
    await expectSameAsReadSearch(['mid', 'okafor', 'edited', 'zed']);
  });
});

describe('a search in the queues and the not-found list', () => {
  it('with the filters and a reviewer’s scope: the records of those states only', async () => {
    // Statuses by the record's number: 0-8 pending, 9-14 mismatched, 15-20 not found, the rest as they are.
    await portal.db.orm.execute(sql`
      update records set status = case
        when substr(psn, 4)::int - 7000 < 9 then 'PENDING_GRADE_VALIDATION'
        when substr(psn, 4)::int - 7000 < 15 then 'MISMATCHED'
        when substr(psn, 4)::int - 7000 < 21 then 'NOT_FOUND' else 'VALIDATED' end
      where tenant_id = ${t.tenant.id}`);
    const queue = async (kind: string, query: string, token = t.token) => {
      const res = await portal.api.get(`/api/v1/records/queue/${kind}?${query}`, { token });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as QueuePage;
      return { total: page.total, counts: page.counts, names: page.items.map((r) => r.fullName) };
    };
    // The same search over every state (its records read), narrowed here.
    const byState = async (
      q: string,
      states: string[],
      where: { ministry?: string; department?: string } = {},
    ) =>
      (
        (
          await portal.api.get(`/api/v1/records?q=${q}&pageSize=100&${ALL_STATES}`, { token: t.token })
        ).json() as RecordsPage
      ).items
        .filter(
          (r) =>
            states.includes(r.status) &&
            (!where.ministry || r.ministry === where.ministry) &&
            (!where.department || r.department === where.department),
        )
        .map((r) => r.fullName);
    for (const q of ['okafor', 'mid', 'ada', 'psn70']) {
      const pending = await queue('pending-approval', `q=${q}&pageSize=100`);
      expect(pending.names).toEqual(await byState(q, ['PENDING_GRADE_VALIDATION']));
      expect(pending.counts).toEqual({
        pendingApproval: pending.names.length,
        mismatched: (await byState(q, ['MISMATCHED'])).length,
      });
      const health = await queue('mismatched', `q=${q}&pageSize=100&ministry=Ministry%20of%20Health`);
      expect(health.names).toEqual(await byState(q, ['MISMATCHED'], { ministry: 'Ministry of Health' }));
      const notFound = (
        await portal.api.get(`/api/v1/records/flagged/not-in-sot?q=${q}&pageSize=100&department=Accounts`, {
          token: t.token,
        })
      ).json() as RecordsPage;
      expect(notFound.items.map((r) => r.fullName)).toEqual(
        await byState(q, ['NOT_FOUND'], { department: 'Accounts' }),
      );
      expect(notFound.total).toBe(notFound.items.length);
    }
    // A reviewer of the Ministry of Health finds its queued records only.
    const email = `totals.reviewer.${Date.now()}@example.gov.ng`;
    const facets = (await portal.api.get('/api/v1/records/facets', { token: t.token })).json() as {
      ministries: { id: string; name: string }[];
    };
    const created = await portal.api.post('/api/v1/tenant-admin/users', {
      token: t.token,
      body: {
        fullName: 'Totals Reviewer',
        email,
        password: 'Reviewer-Passw0rd',
        role: 'REVIEWER',
        assignedMinistryIds: [facets.ministries.find((m) => m.name === 'Ministry of Health')!.id],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const reviewer = await portal.login(email, 'Reviewer-Passw0rd');
    const mine = await queue('pending-approval', 'q=okafor&pageSize=100', reviewer);
    expect(mine.names).toEqual(
      await byState('okafor', ['PENDING_GRADE_VALIDATION'], { ministry: 'Ministry of Health' }),
    );
    expect(mine.counts.mismatched).toBe(
      (await byState('okafor', ['MISMATCHED'], { ministry: 'Ministry of Health' })).length,
    );
    expect(mine.names.length).toBeGreaterThan(0);
  });
});
