import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { IntegrityFlag, IntegritySummary } from '@portal/contract/integrity';
import type { Named } from '@portal/contract/records';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { uploadFile } from '../helpers/uploads.ts';
import { lagosToday, payrollCsv, yearsBefore, type PayrollRow } from '../helpers/payroll-lists.ts';
import { allFlags, currentSummary } from '../helpers/integrity.ts';

/**
 * The figures of each posting (ministry and department) that an evaluation stores, and that a
 * reviewer's summary adds up: each posting's records once (a record flagged by several rules counts
 * its largest pay once) and each rule's, for postings whose ministry or department is unknown too
 * (the records' columns are nullable): such a posting is one posting, apart from the posting of the
 * same department in a known ministry. Expected figures are counted here from the flags list.
 */
let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;

const today = lagosToday();
const RETIRED = yearsBefore(today, 62);
const G1 = '22200000001';
const G2 = '22200000002';
const HEALTH = 'Ministry of Health';
const FINANCE = 'Ministry of Finance';

// Departments: Nursing, Audit and Treasury; 'Audit' both in Finance and (ministry unknown) nowhere.
const ROWS: PayrollRow[] = [
  {
    name: 'Posting One',
    psn: 'PSNP1',
    ministry: HEALTH,
    department: 'Nursing',
    dob: RETIRED,
    bvn: G1,
    pay: '100,000',
  },
  { name: 'Posting Two', psn: 'PSNP2', ministry: HEALTH, department: 'Nursing', bvn: G1, pay: '200,000' },
  { name: 'Posting Three', psn: 'PSNP3', ministry: HEALTH, department: 'Treasury', dob: RETIRED },
  { name: 'Posting Four', psn: 'PSNP4', ministry: HEALTH, department: 'Treasury', bvn: G2, pay: '300,000' },
  {
    name: 'Posting Five',
    psn: 'PSNP5',
    ministry: FINANCE,
    department: 'Audit',
    dob: RETIRED,
    bvn: G2,
    pay: '400,000',
  },
  { name: 'Posting Six', psn: 'PSNP6', ministry: FINANCE, department: 'Audit', bvn: G1, pay: '500,000' },
  {
    name: 'Posting Seven',
    psn: 'PSNP7',
    ministry: FINANCE,
    department: 'Audit',
    dob: RETIRED,
    pay: '50,000',
  },
  {
    name: 'Posting Eight',
    psn: 'PSNP8',
    ministry: FINANCE,
    department: 'Audit',
    dob: RETIRED,
    pay: '70,000',
  },
  { name: 'Posting Nine', psn: 'PSNP9', ministry: FINANCE, department: 'Treasury', pay: '90,000' },
];
/** Records whose ministry, or department, or both, are then unknown (set null in the database). */
const NO_MINISTRY = ['PSNP5', 'PSNP6'];
const NO_DEPARTMENT = ['PSNP3', 'PSNP4'];
const NEITHER = ['PSNP7'];

interface Fig {
  flaggedRecords: number;
  payUnknownRecords: number;
  monthlyKobo: number;
  recoverableKobo: number;
}
const kobo = (naira: number | null) => (naira === null ? null : Math.round(naira * 100));

/** Figures of flags counted from the flags themselves: each record once, with its largest pay. */
function figuresOf(flags: IntegrityFlag[]): Fig {
  const pay = new Map<string, number | null>();
  for (const f of flags) {
    const k = kobo(f.monthlyAmount);
    const had = pay.get(f.recordId);
    pay.set(f.recordId, had === undefined ? k : k === null ? had : Math.max(had ?? k, k));
  }
  const values = [...pay.values()];
  return {
    flaggedRecords: values.length,
    payUnknownRecords: values.filter((v) => v === null).length,
    monthlyKobo: values.reduce<number>((s, v) => s + (v ?? 0), 0),
    recoverableKobo: 0,
  };
}

const postingKey = (ministry: string | null, department: string | null) => `${ministry} | ${department}`;

/** Each posting's expected figures, from the OPEN flags the tenant admin lists. */
function expectedPostings(flags: IntegrityFlag[]) {
  const by = new Map<string, IntegrityFlag[]>();
  for (const f of flags) {
    const key = postingKey(f.ministry, f.department);
    by.set(key, [...(by.get(key) ?? []), f]);
  }
  return Object.fromEntries(
    [...by].map(([key, of]) => {
      const rules = [...new Set(of.map((f) => f.rule))].sort();
      return [
        key,
        {
          total: figuresOf(of),
          rules: rules.map((rule) => ({ rule, ...figuresOf(of.filter((f) => f.rule === rule)) })),
        },
      ];
    }),
  );
}

/** The postings the last evaluation stored for the tenant, keyed by ministry and department names. */
async function storedPostings(tenantId: string) {
  const result = await portal.db.orm.execute<{
    ministry: string | null;
    department: string | null;
    figures: { total: Fig; rules: (Fig & { rule: string })[] };
  }>(sql`
    select p.ministry, d.name as department, p.figures
    from integrity_posting_figures p left join departments d on d.id = p.department_id
    where p.tenant_id = ${tenantId}`);
  return Object.fromEntries(
    result.rows.map((r) => [
      postingKey(r.ministry, r.department),
      {
        total: r.figures.total,
        rules: [...r.figures.rules].sort((x, y) => x.rule.localeCompare(y.rule)),
      },
    ]),
  );
}

let reviewer: string;

beforeAll(async () => {
  portal = await createTestPortal();
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  const res = await uploadFile(portal, a.token, 'payroll.csv', payrollCsv(ROWS));
  expect(res.statusCode, res.body).toBe(200);
  const first = await currentSummary(portal, a.token);
  const t = a.tenant.id;
  const psns = (list: string[]) =>
    sql.join(
      list.map((p) => sql`${p}`),
      sql`, `,
    );
  await portal.db.orm.execute(sql`
    update records set ministry_id = case when psn in (${psns([...NO_MINISTRY, ...NEITHER])}) then null else ministry_id end,
      department_id = case when psn in (${psns([...NO_DEPARTMENT, ...NEITHER])}) then null else department_id end
    where tenant_id = ${t} and psn in (${psns([...NO_MINISTRY, ...NO_DEPARTMENT, ...NEITHER])})`);
  expect((await portal.api.post('/api/v1/integrity/evaluate', { token: a.token })).statusCode).toBe(202);
  await currentSummary(portal, a.token, first.evaluatedAt);

  const departments = (
    await portal.api.get('/api/v1/tenant-admin/departments', { token: a.token })
  ).json() as Named[];
  const email = `postings.reviewer.${Date.now()}@example.gov.ng`;
  const created = await portal.api.post('/api/v1/tenant-admin/users', {
    token: a.token,
    body: {
      fullName: 'Postings Reviewer',
      email,
      password: 'Postings-Passw0rd',
      role: 'REVIEWER',
      assignedMinistryIds: [],
      assignedDepartmentIds: departments.filter((d) => d.name === 'Audit').map((d) => d.id),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  reviewer = await portal.login(email, 'Postings-Passw0rd');
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

describe('integrity figures by posting (stored per run, summed for a reviewer)', () => {
  it('stores each posting once, those of an unknown ministry or department included, with its records once and each rule', async () => {
    const flags = await allFlags(portal, a.token);
    const expected = expectedPostings(flags);
    // The scenario holds what it is for: unknown ministries and departments, records flagged twice.
    expect(Object.keys(expected).sort()).toEqual(
      [
        postingKey(HEALTH, 'Nursing'),
        postingKey(HEALTH, null),
        postingKey(null, 'Audit'),
        postingKey(FINANCE, 'Audit'),
        postingKey(null, null),
      ].sort(),
    );
    expect(
      flags
        .filter((f) => f.psn === 'PSNP1')
        .map((f) => f.rule)
        .sort(),
    ).toEqual(['DUPLICATE_BVN', 'PAST_RETIREMENT_AGE']);
    expect(expected[postingKey(HEALTH, null)]!.total.payUnknownRecords).toBe(1);
    expect(await storedPostings(a.tenant.id)).toEqual(expected);
  });

  it('a reviewer of a department counts its records of an unknown ministry as a posting of their own', async () => {
    const flags = (await allFlags(portal, a.token)).filter((f) => f.department === 'Audit');
    const summary = (await (
      await portal.api.get('/api/v1/integrity/summary', { token: reviewer })
    ).json()) as IntegritySummary;
    const total = figuresOf(flags);
    expect(summary).toMatchObject({
      flaggedRecords: total.flaggedRecords,
      payUnknownRecords: total.payUnknownRecords,
      monthlyAmount: total.monthlyKobo / 100,
    });
    for (const rule of summary.rules) {
      const of = figuresOf(flags.filter((f) => f.rule === rule.code));
      expect([rule.flaggedRecords, kobo(rule.monthlyAmount)], rule.code).toEqual([
        of.flaggedRecords,
        of.monthlyKobo,
      ]);
    }
    expect(summary.byMinistry.map((m) => m.ministryId === null)).toContain(true);
  });

  it("another tenant's evaluation stores none of these postings", async () => {
    await portal.api.post('/api/v1/integrity/evaluate', { token: b.token });
    await currentSummary(portal, b.token);
    expect(await storedPostings(b.tenant.id)).toEqual({});
  });
});
