import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrityFlag, IntegritySummary } from '@portal/contract/integrity';
import { salaryGradeParts, SQL_PATTERNS, structureKey } from '@portal/contract/salary-grade';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { uploadFile } from '../helpers/uploads.ts';
import {
  allFlags,
  currentSummary,
  decide,
  psnsByRule,
  ruleIn,
  summaryAfterEachRun,
} from '../helpers/integrity.ts';

/**
 * PAY_ABOVE_SCALE (issue #35): a record whose monthly gross is above the salary table's maximum for
 * the structure, grade and step its salary grade id names (the structure and grade from the
 * record's columns where the id lacks them); the excess a month is at stake. Pay at the maximum is
 * not flagged, a kobo above is; a key the table lacks is not judged.
 */
const RULE = 'PAY_ABOVE_SCALE';
let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;

interface Person {
  psn: string;
  /** Salary grade id as written. */
  id?: string;
  structure?: string;
  grade?: string;
  pay?: string;
  dob?: string;
}

/** A master list with the grade, salary grade id, structure and pay columns, as an HR office writes it. */
function masterCsv(people: Person[]): string {
  const head =
    'Full Name,PSN,NIN,Ministry,Department,Grade Level,Salary Grade ID,Salary Structure,Date of Birth,Monthly Gross Pay';
  const lines = people.map((p, i) =>
    [
      `Officer ${p.psn}`,
      p.psn,
      String(88000000000 + i),
      'Ministry of Works',
      'Roads',
      p.grade ?? 'GL 08',
      p.id ?? '',
      p.structure ?? '',
      p.dob ?? '',
      p.pay ? `"${p.pay}"` : '',
    ].join(','),
  );
  return `${head}\r\n${lines.join('\r\n')}\r\n`;
}

const PEOPLE: Person[] = [
  // A kobo above the maximum of CONPSS 08/10 (₦250,000.00), the id written three ways and more.
  { psn: 'PSNS1', id: 'CONPSS-08-10', pay: '250,000.01' },
  { psn: 'PSNS2', id: 'CONPSS-08-10', pay: '250,000.00' },
  { psn: 'PSNS3', id: 'CONPSS 08/10', pay: '260,000.00', dob: '01/01/1950' },
  { psn: 'PSNS4', id: 'GL08/S10', structure: 'conpss', pay: '255,000.00' },
  { psn: 'PSNS5', id: 'CONPSS GL 08 Step 10', pay: '251,000.00' },
  // The step alone (a 'Step' column): the grade from the grade level, the structure from its column.
  { psn: 'PSNS6', id: 'Step 4', grade: 'GL 07', structure: 'CONPSS', pay: '150,000.50' },
  // The id's structure before the column's: CONHESS 08/10 pays up to ₦300,000.
  { psn: 'PSNS7', id: 'CONHESS 08/10', structure: 'CONPSS', pay: '260,000.00' },
  // No row of the table for the key, no key, no pay: not judged.
  { psn: 'PSNS8', id: 'CONPSS-09-01', grade: 'GL 09', pay: '999,999.00' },
  { psn: 'PSNS9', pay: '999,999.00' },
  { psn: 'PSNS10', id: 'CONPSS-08-10' },
];

const tableCsv = (lines: string[]) =>
  `Salary Structure,Grade Level,Step,Maximum Monthly Gross\r\n${lines.join('\r\n')}\r\n`;
const TABLE = ['CONPSS,08,10,"250,000.00"', 'CONHESS,08,10,"300,000.00"', 'CONPSS,07,4,"150,000.00"'];

/** Tenant a's summary after a run that ended since the previous call of this. */
const evaluated = summaryAfterEachRun(
  () => portal,
  () => a.token,
);
const ruleOf = (s: IntegritySummary) => ruleIn(s, RULE);
const flags = (token = a.token, query = '') => allFlags(portal, token, `&rule=${RULE}${query}`);
const psns = async (token = a.token) => (await flags(token)).map((f) => f.psn).sort();
const uploadTable = async (token: string, lines: string[]) => {
  const res = await uploadFile(portal, token, 'scale.csv', tableCsv(lines), {
    url: '/api/v1/hr-lists/salary-table/upload',
  });
  expect(res.statusCode, res.body).toBe(200);
};
type ScaleEvidence = Extract<IntegrityFlag['evidence'], { kind: 'SCALE' }>;

beforeAll(async () => {
  portal = await createTestPortal();
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  const res = await uploadFile(portal, a.token, 'payroll.csv', masterCsv(PEOPLE));
  expect(res.statusCode, res.body).toBe(200);
  await evaluated();
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

describe('PAY_ABOVE_SCALE (issue #35)', () => {
  it('flags nothing before there is a salary table', async () => {
    expect(await flags()).toEqual([]);
    expect(ruleOf(await currentSummary(portal, a.token))).toMatchObject({
      flaggedRecords: 0,
      monthlyAmount: 0,
    });
  });

  it('flags a kobo above the maximum, not the maximum itself, with the key read however the id is written', async () => {
    // Tenant b's table would flag every one of them: a's records are judged by a's table only.
    await uploadTable(b.token, ['CONPSS,08,10,1', 'CONPSS,07,04,1', 'CONHESS,08,10,1']);
    await uploadTable(a.token, TABLE);
    await evaluated();
    expect(await psns()).toEqual(['PSNS1', 'PSNS3', 'PSNS4', 'PSNS5', 'PSNS6']);
    const found = await flags();
    const of = (psn: string) => found.find((f) => f.psn === psn)!;
    // The flag's pay is the record's; its evidence names the key, the maximum and the excess.
    expect(of('PSNS1')).toMatchObject({ rule: RULE, status: 'OPEN', monthlyAmount: 250000.01 });
    expect(of('PSNS1').evidence).toEqual({
      kind: 'SCALE',
      structure: 'CONPSS',
      gradeLevel: 8,
      step: 10,
      salaryGradeId: 'CONPSS-08-10',
      maximumAmount: 250000,
      payAmount: 250000.01,
      excessAmount: 0.01,
    } satisfies ScaleEvidence);
    expect(of('PSNS4').evidence).toMatchObject({ salaryGradeId: 'GL08/S10', excessAmount: 5000 });
    expect(of('PSNS5').evidence).toMatchObject({ step: 10, excessAmount: 1000 });
    expect(of('PSNS6').evidence).toMatchObject({
      gradeLevel: 7,
      step: 4,
      maximumAmount: 150000,
      excessAmount: 0.5,
    });
    // Largest excess first, as every list orders by the pay at stake.
    expect(found.map((f) => f.psn)).toEqual(['PSNS3', 'PSNS4', 'PSNS5', 'PSNS6', 'PSNS1']);
  });

  it('puts the excess at stake in the figures; a record flagged by another rule counts its whole pay once', async () => {
    const s = await currentSummary(portal, a.token);
    expect(ruleOf(s)).toMatchObject({ flaggedRecords: 5, monthlyAmount: 16000.51, payUnknownRecords: 0 });
    expect(s.rules.find((r) => r.code === 'PAST_RETIREMENT_AGE')).toMatchObject({
      flaggedRecords: 1,
      monthlyAmount: 260000,
    });
    // PSNS3 (past retirement age too) at its pay, the four others at their excess.
    expect(s).toMatchObject({ flaggedRecords: 5, monthlyAmount: 266000.51 });
    expect(s.byMinistry).toEqual([
      expect.objectContaining({ ministry: 'Ministry of Works', flaggedRecords: 5, monthlyAmount: 266000.51 }),
    ]);
    expect(psnsByRule(await allFlags(portal, a.token))).toEqual({
      PAST_RETIREMENT_AGE: ['PSNS3'],
      PAY_ABOVE_SCALE: ['PSNS1', 'PSNS3', 'PSNS4', 'PSNS5', 'PSNS6'],
    });
  });

  it('a dismissal holds for the same maximum and pay; a new table that raises the maximum clears the flags', async () => {
    const s1 = (await flags()).find((f) => f.psn === 'PSNS1')!;
    const res = await decide(portal, a.token, s1.id, {
      decision: 'DISMISS',
      reasonCode: 'APPROVED_EXCEPTION',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await portal.api.post('/api/v1/integrity/evaluate', { token: a.token })).statusCode).toBe(202);
    await evaluated();
    expect(await psns()).toEqual(['PSNS3', 'PSNS4', 'PSNS5', 'PSNS6']);
    expect((await flags(a.token, '&status=DISMISSED')).map((f) => f.id)).toEqual([s1.id]);

    // CONPSS 08/10 up to ₦255,000: PSNS4 is now exactly at the maximum, PSNS5 below it.
    await uploadTable(a.token, ['CONPSS,8,10,"255,000"', 'CONHESS,8,10,"300,000"', 'CONPSS,7,4,"150,000"']);
    await evaluated();
    expect(await psns()).toEqual(['PSNS3', 'PSNS6']);
    expect((await flags()).find((f) => f.psn === 'PSNS3')!.evidence).toMatchObject({
      maximumAmount: 255000,
      excessAmount: 5000,
    });
    expect(ruleOf(await currentSummary(portal, a.token))).toMatchObject({
      flaggedRecords: 2,
      monthlyAmount: 5000.5,
    });
  });

  it('judges a key only while the table has it', async () => {
    // The table without CONPSS 07/04: PSNS6 is no longer judged.
    await uploadTable(a.token, ['CONPSS,8,10,"255,000"']);
    await evaluated();
    expect(await psns()).toEqual(['PSNS3']);
  });

  it("is switched off and on by the tenant's setting", async () => {
    const set = async (on: boolean) => {
      const res = await portal.api.put('/api/v1/tenant-admin/settings', {
        token: a.token,
        body: { integrity: { rules: { [RULE]: on } } },
      });
      expect(res.statusCode, res.body).toBe(200);
      return evaluated();
    };
    expect(ruleOf(await set(false))).toMatchObject({ enabled: false, flaggedRecords: 0, monthlyAmount: 0 });
    expect(await flags()).toEqual([]);
    expect(ruleOf(await set(true))).toMatchObject({ enabled: true, flaggedRecords: 1, monthlyAmount: 5000 });
    expect(await psns()).toEqual(['PSNS3']);
  });

  it('another tenant sees none of these flags', async () => {
    expect(await allFlags(portal, b.token)).toEqual([]);
    const theirs = await portal.api.get(`/api/v1/integrity/flags?rule=${RULE}`, { token: b.token });
    expect(theirs.json()).toMatchObject({ total: 0 });
    const ours = (await flags())[0]!;
    const res = await decide(portal, b.token, ours.id, { decision: 'DISMISS', reasonCode: 'DATA_ERROR' });
    expect(res.statusCode).toBe(404);
  });
});

describe('salary grade ids in SQL', () => {
  it('PostgreSQL reads every id as the contract does (SQL_PATTERNS.salaryKey, structureNoise)', async () => {
    const ids: string[] = [];
    for (const structure of ['', 'CONPSS', 'conhess', 'GL', 'Grade', 'Level', 'A', 'CONPSSGL'])
      for (const word of ['', 'GL', 'Grade Level', 'grade', 'gradelevel'])
        for (const sep of ['', ' ', '-', '/'])
          for (const [grade, step] of [
            ['08', '-10'],
            ['8', '/S10'],
            ['14', ' Step 03'],
          ])
            ids.push(`${structure}${sep}${word}${sep}${grade}${step}`);
    ids.push('10', 'Step 10', 'S03', 's 7', 'CONPSS 10', 'A12', '08-10-3', '', 'CONPSS');
    const names = ['CONPSS', ' conpss ', 'Con-PSS', 'CON PSS.', ' - ', 'Conhess2'];
    const result = await portal.db.orm.execute<{
      i: number;
      m: (string | null)[] | null;
      key: string | null;
    }>(sql`
      select x.i, regexp_match(btrim(x.id), ${SQL_PATTERNS.salaryKey}) as m,
        nullif(upper(regexp_replace(x.name, ${SQL_PATTERNS.structureNoise}, '', 'g')), '') as key
      from jsonb_to_recordset(${JSON.stringify(ids.map((id, i) => ({ i, id, name: names[i % names.length] })))}::jsonb)
        as x(i int, id text, name text)
      order by x.i`);
    // PostgreSQL's captures, 1 to 4 (a JavaScript array from 0): structure, grade, step after a grade, step alone.
    const sqlParts = result.rows.map(({ m }) =>
      m === null
        ? null
        : m[3] === null
          ? { structure: m[0], grade: Number(m[1]), step: Number(m[2]) }
          : { structure: null, grade: null, step: Number(m[3]) },
    );
    const jsParts = ids.map(salaryGradeParts);
    expect(jsParts.filter((p) => p?.grade != null).length).toBeGreaterThan(400);
    expect(jsParts.filter((p) => p?.structure != null).length).toBeGreaterThan(200);
    expect(sqlParts).toEqual(jsParts);
    expect(result.rows.map((r) => r.key)).toEqual(ids.map((_, i) => structureKey(names[i % names.length])));
  });
});
