import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlagsPage, IntegrityRule } from '@portal/contract/integrity';
import type { Named } from '@portal/contract/records';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';
import { currentSummary, decide } from '../helpers/integrity.ts';

/**
 * Search by name, PSN or Work ID (`q`, issue #17 item 7) on the integrity flags list (issue #21):
 * the records search's meaning, within the tenant, the reviewer's assignments and the list's own
 * filters (rule, ministry, status), with exact totals.
 */
let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let reviewer: string;
const keys = new Map<string, string>();
const ids = new Map<string, string>();

const HEALTH = 'Ministry of Health';
const FINANCE = 'Ministry of Finance';
/** Born 1950: past retirement age. Born 1900: an implausible birth date (neither age rule). */
const RETIRED = '1950-01-01';
const IMPLAUSIBLE = '1900-01-01';
const SEEDS = [
  // key, full name, PSN, Work ID, ministry, date of birth
  ['adaeze', 'Adaeze Okonkwo', 'PSNQ1001', 'W-77', HEALTH, RETIRED],
  ['okon', 'Okon Bassey', 'PSNQ1002', 'W-78', FINANCE, RETIRED],
  ['adebayo', 'Adébáyọ̀ Ògúnlẹ̀yẹ', 'PSNQ2001', null, HEALTH, IMPLAUSIBLE],
  ['chinedu', 'Chinedu ADA Eze', 'PSNQ2002', 'XY1', FINANCE, IMPLAUSIBLE],
  // Found by the records search, but not flagged: never in the flags list.
  ['unflagged', 'Ada Unflagged', 'PSNQ3001', 'XY2', HEALTH, '1985-03-15'],
] as const;

beforeAll(async () => {
  portal = await createTestPortal();
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  const created = await seedRecords(
    portal,
    a.tenant.id,
    SEEDS.map(([, fullName, psn, employeeId, ministry, dateOfBirth], i) => ({
      fullName,
      psn,
      employeeId,
      dateOfBirth,
      nin: String(52000000000 + i),
      ministry,
      department: ministry === HEALTH ? 'Nursing Services' : 'Accounts',
    })),
  );
  SEEDS.forEach(([key], i) => keys.set(created[i]!, key));
  created.forEach((id, i) => ids.set(SEEDS[i]![0], id));
  // Namesakes with the same PSNs and Work IDs, flagged in the other tenant: never found from a.
  await seedRecords(portal, b.tenant.id, [
    {
      fullName: 'Adaeze Okonkwo',
      psn: 'PSNQ1001',
      employeeId: 'W-77',
      nin: '52000000100',
      dateOfBirth: RETIRED,
    },
    {
      fullName: 'Chinedu Ada',
      psn: 'PSNQ2002',
      employeeId: 'XY1',
      nin: '52000000101',
      dateOfBirth: IMPLAUSIBLE,
    },
    { fullName: 'Zainab Bello', psn: 'PSNZ1', nin: '52000000102', dateOfBirth: RETIRED },
  ]);
  for (const t of [a, b]) {
    expect((await portal.api.post('/api/v1/integrity/evaluate', { token: t.token })).statusCode).toBe(202);
    await currentSummary(portal, t.token);
  }

  const ministries = (
    await portal.api.get('/api/v1/tenant-admin/ministries', { token: a.token })
  ).json() as Named[];
  const email = `flags.search.reviewer.${Date.now()}@example.gov.ng`;
  const res = await portal.api.post('/api/v1/tenant-admin/users', {
    token: a.token,
    body: {
      fullName: 'Flags Search Reviewer',
      email,
      password: 'Reviewer-Passw0rd',
      role: 'REVIEWER',
      assignedMinistryIds: ministries.filter((m) => m.name === HEALTH).map((m) => m.id),
      assignedDepartmentIds: [],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  reviewer = await portal.login(email, 'Reviewer-Passw0rd');
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

const flags = async (query: string, token = a.token) => {
  const res = await portal.api.get(`/api/v1/integrity/flags?pageSize=100&${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json() as FlagsPage;
  expect(page.total, 'the total counts exactly the matches').toBe(page.items.length);
  return { ...page, keys: page.items.map((f) => keys.get(f.recordId) ?? `other:${f.psn}`).sort() };
};
const found = async (q: string, token = a.token, query = '') =>
  (await flags(`q=${encodeURIComponent(q)}${query}`, token)).keys;
const rulesOf = async (q: string) =>
  Object.fromEntries(
    (await flags(`q=${encodeURIComponent(q)}`)).items.map((f) => [
      keys.get(f.recordId),
      f.rule as IntegrityRule,
    ]),
  );

describe('integrity flags search (issue #17 item 7, issue #21)', () => {
  it('the rules flagged the seeded records, and no search lists them all', async () => {
    expect(await rulesOf('')).toEqual({
      adaeze: 'PAST_RETIREMENT_AGE',
      okon: 'PAST_RETIREMENT_AGE',
      adebayo: 'IMPLAUSIBLE_BIRTH_DATE',
      chinedu: 'IMPLAUSIBLE_BIRTH_DATE',
    });
    // Blank (spaces only) means no search.
    expect(await found('   ')).toEqual(['adaeze', 'adebayo', 'chinedu', 'okon']);
  });

  it('finds the start of any name word, case and accents ignored, flagged records only', async () => {
    expect(await found('okon')).toEqual(['adaeze', 'okon']);
    expect(await found('OKONKWO')).toEqual(['adaeze']);
    expect(await found('eze')).toEqual(['chinedu']); // 'Eze', not the end of 'Adaeze'
    expect(await found('konkwo')).toEqual([]);
    // 'Ada Unflagged' starts with 'ada' too, but has no flag.
    expect(await found('ada')).toEqual(['adaeze', 'chinedu']);
    expect(await found('eze chin')).toEqual(['chinedu']);
    expect(await found('OGUNL')).toEqual(['adebayo']);
    expect(await found('Ògúnlẹ̀yẹ')).toEqual(['adebayo']);
    expect(await found('unflagged')).toEqual([]);
  });

  it('finds the start of a PSN and a Work ID, case ignored', async () => {
    expect(await found('psnq100')).toEqual(['adaeze', 'okon']);
    expect(await found('PSNQ2002')).toEqual(['chinedu']);
    expect(await found('xy1')).toEqual(['chinedu']);
    expect(await found('w-77')).toEqual(['adaeze']);
    expect(await found('xy')).toEqual(['chinedu']); // XY2 is not flagged
  });

  it('works together with the rule, ministry and status filters, with exact totals', async () => {
    expect(await found('ada', a.token, '&rule=IMPLAUSIBLE_BIRTH_DATE')).toEqual(['chinedu']);
    expect(await found('ada', a.token, '&rule=PAST_RETIREMENT_AGE')).toEqual(['adaeze']);
    expect(await found('okon', a.token, `&ministry=${encodeURIComponent(FINANCE)}`)).toEqual(['okon']);
    expect(await found('okon', a.token, '&status=DISMISSED')).toEqual([]);
    const paged = await portal.api.get('/api/v1/integrity/flags?q=psnq&pageSize=1&page=2', {
      token: a.token,
    });
    expect(paged.json()).toMatchObject({ total: 4, page: 2, pageSize: 1 });
    expect((paged.json() as FlagsPage).items).toHaveLength(1);
    // The pages in pay order, largest first, each flag once; past the last, none, the total still exact.
    const pages = [];
    for (let n = 1; n <= 5; n++) {
      const res = await portal.api.get(`/api/v1/integrity/flags?q=psnq&pageSize=1&page=${n}`, {
        token: a.token,
      });
      pages.push(res.json() as FlagsPage);
    }
    expect(pages.map((p) => p.total)).toEqual([4, 4, 4, 4, 4]);
    const ids = pages.flatMap((p) => p.items.map((f) => f.id));
    expect(new Set(ids).size, 'four flags, one a page').toBe(4);
    const pay = pages.flatMap((p) => p.items.map((f) => Number(f.monthlyAmount ?? -1)));
    expect(pay).toEqual([...pay].sort((x, y) => y - x));
    expect(pages[4]!.items).toEqual([]);
  });

  it('a reviewer finds flags within their assignments only', async () => {
    expect(await found('okon', reviewer)).toEqual(['adaeze']);
    expect(await found('bassey', reviewer)).toEqual([]);
    expect(await found('psnq1002', reviewer)).toEqual([]);
    expect(await found('xy1', reviewer)).toEqual([]);
    expect(await found('psnq', reviewer)).toEqual(['adaeze', 'adebayo']);
  });

  it("another tenant's flags never match", async () => {
    expect(await found('adaeze')).toEqual(['adaeze']);
    expect(await found('psnq2002')).toEqual(['chinedu']);
    expect((await flags('q=psnq', b.token)).items.map((f) => f.psn).sort()).toEqual(['PSNQ1001', 'PSNQ2002']);
    // A word only the other tenant's names hold finds nothing here.
    expect((await flags('q=zainab', b.token)).items.map((f) => f.psn)).toEqual(['PSNZ1']);
    expect(await found('zainab')).toEqual([]);
    expect(await found('psnz')).toEqual([]);
  });

  it('a search longer than 100 characters is a 400 naming q, as the records list says', async () => {
    const long = await portal.api.get(`/api/v1/integrity/flags?q=${'a'.repeat(101)}`, { token: a.token });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { q: 'Cannot exceed 100 characters' },
    });
    const records = await portal.api.get(`/api/v1/records?q=${'a'.repeat(101)}`, { token: a.token });
    expect(long.json().message).toBe(records.json().message);
    expect(
      (await portal.api.get(`/api/v1/integrity/flags?q=${'a'.repeat(100)}`, { token: a.token })).statusCode,
    ).toBe(200);
  });

  // The flags carry a copy of their record's search terms (migration 0036): it must follow the
  // record. These change the seeds, so they come last.
  it('follows an edit of the flagged name at once: the old name no longer finds the flag, the new one does', async () => {
    const edit = await portal.api.put(`/api/v1/records/${ids.get('okon')}`, {
      token: a.token,
      body: { fullName: 'Okon Ekpenyong', ministry: FINANCE, department: 'Accounts', dateOfBirth: RETIRED },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // No evaluation in between: the records' trigger rewrote the flag's copy with the edit.
    expect(await found('bassey')).toEqual([]);
    expect(await found('ekpenyong')).toEqual(['okon']);
    expect(await found('okon ekp')).toEqual(['okon']);
    expect(await found('okon')).toEqual(['adaeze', 'okon']);
    // A Work ID changed as an upload writes it (one UPDATE of the records, whatever wrote it).
    await portal.db.orm.execute(sql`update records set employee_id = 'W-90' where id = ${ids.get('okon')}`);
    expect(await found('w-78')).toEqual([]);
    expect(await found('w-90')).toEqual(['okon']);
    expect(await found('psnq1002')).toEqual(['okon']);
  });

  it('a decided flag follows its renamed record too (the list searches it when asked for)', async () => {
    const flag = (await flags('q=ogunl')).items[0]!;
    const dismissed = await decide(portal, a.token, flag.id, {
      decision: 'DISMISS',
      reasonCode: 'OTHER',
      note: 'Checked against the file',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(await found('ogunl', a.token, '&status=DISMISSED')).toEqual(['adebayo']);
    await portal.db.orm.execute(
      sql`update records set full_name = 'Adebayo Falana' where id = ${ids.get('adebayo')}`,
    );
    expect(await found('ogunl', a.token, '&status=DISMISSED')).toEqual([]);
    expect(await found('falana', a.token, '&status=DISMISSED')).toEqual(['adebayo']);
  });

  it("a flag's copy gone stale (a rename the run raising it could not see) is rewritten by the next run", async () => {
    await portal.db.orm.execute(sql`
      update integrity_flags set search_terms = record_search_terms('Someone Else', 'PSNX', null)
      where record_id = ${ids.get('chinedu')}`);
    expect(await found('chinedu')).toEqual([]);
    const before = await currentSummary(portal, a.token);
    expect((await portal.api.post('/api/v1/integrity/evaluate', { token: a.token })).statusCode).toBe(202);
    await currentSummary(portal, a.token, before.evaluatedAt);
    expect(await found('chinedu')).toEqual(['chinedu']);
    expect(await found('someone')).toEqual([]);
  });
});
