import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { HrListUploadSummary, NominalRollMinistry } from '@portal/contract/hr-lists';
import type { IntegrityFlag } from '@portal/contract/integrity';
import type { UploadRejection } from '@portal/contract/records';
import { dayIn } from '@portal/contract/time-zone';
import { DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { csv, hrListUploadUrl, hrListWorld, otherRoles, type TenantAdmin } from '../helpers/hr-lists.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { uploadFile } from '../helpers/uploads.ts';
import { payrollCsv, type PayrollRow } from '../helpers/payroll-lists.ts';
import { allFlags, currentSummary, decide, summaryAfterEachRun } from '../helpers/integrity.ts';
import { tenantScope } from '../../src/access/actor.ts';
import { NominalRollRepo } from '../../src/modules/hr-lists/nominal-roll.repo.ts';

/**
 * The nominal roll (issue #35): HR's list of who works where, uploaded through the master list's
 * machinery; an upload replaces the roll of the ministries it names and keeps the others. Held
 * against the payroll both ways: NOT_ON_NOMINAL_ROLL for a record missing from its ministry's roll
 * (by PSN, else NIN), and the people on a roll with no record on the payroll, counted per ministry
 * and downloadable as CSV.
 */
const URL = hrListUploadUrl('nominal-roll');
const CSV_URL = '/api/v1/hr-lists/nominal-roll/not-on-payroll.csv';
const RULE = 'NOT_ON_NOMINAL_ROLL';

let portal: TestPortal;
let a: TenantAdmin;
let b: TenantAdmin;
/** Both tenants have the payroll of MASTER, and tenant a's rules ran once. */
const { upload, uploadTo, stateOf } = hrListWorld(
  'nominal-roll',
  async (w) => {
    ({ portal, a, b } = w);
    for (const t of [a, b]) {
      const res = await uploadFile(portal, t.token, 'payroll.csv', payrollCsv(MASTER));
      expect(res.statusCode, res.body).toBe(200);
    }
    await evaluated();
  },
  180_000,
);

const TODAY = dayIn(Date.now(), 'Africa/Lagos');
const plus = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const HEALTH = 'Ministry of Health';
const EDUCATION = 'Ministry of Education';
const row = (psn: string, nin: string, ministry: string, pay = '100,000'): PayrollRow => ({
  name: `Officer ${psn || nin}`,
  psn,
  nin,
  ministry,
  dob: '15/03/1985',
  dofa: '01/02/2010',
  pay,
});
/** Tenant a's payroll: Health and Education will have rolls, Works never. */
const MASTER: PayrollRow[] = [
  row('PSNH1', '88000000001', HEALTH),
  row('PSNH2', '88000000002', HEALTH, '50,000.50'),
  row('PSNH3', '88000000003', HEALTH, ''),
  // No PSN on the master list: found on a roll by NIN.
  row('', '88000000004', HEALTH),
  row('PSNH5', '88000000005', HEALTH),
  row('PSNE1', '88000000011', EDUCATION),
  row('PSNE2', '88000000012', EDUCATION, '75,000'),
  row('PSNW1', '88000000021', 'Ministry of Works'),
];

/** A roll as an HR office writes it: a title row, split names, HR's spellings of the headers. */
const ROLL_HEAD = 'S/N,Surname,First Name,Public Service Number (PSN),NIN,MDA,Dept,GL';
const HEALTH_ROLL = csv([
  'NOMINAL ROLL OF STAFF AS AT 31ST JANUARY 2026',
  ROLL_HEAD,
  `1,Officer,H1,psn h1,,${HEALTH},Nursing,GL 08`,
  // The master list's NIN-only record, by NIN.
  `2,Officer,H4,,88000000004,MINISTRY OF  HEALTH ,Nursing,GL 07`,
  // On the roll, not on the payroll.
  `3,Known,ToHR,PSNX9,,${HEALTH},Pharmacy,GL 10`,
  `4,Nin,Only,,88000000099,${HEALTH},Pharmacy,GL 09`,
  // PSNH5's NIN under another PSN: another person, so PSNH5 is not on the roll.
  `5,Other,Person,PSNZZ,88000000005,${HEALTH},Admin,GL 06`,
  // A ministry the master list does not know: kept by name, flags nobody.
  `6,Agric,Officer,PSNA1,,Ministry of Agriculture,Extension,GL 08`,
]);

const aEvaluated = summaryAfterEachRun(
  () => portal,
  () => a.token,
);
/** The summary once the rules ran after the last change (tenant a's runs follow each other). */
const evaluated = (token = a.token) => (token === a.token ? aEvaluated() : currentSummary(portal, token));
const flags = (token = a.token, status = '') => allFlags(portal, token, `&rule=${RULE}${status}`);
const psns = (found: IntegrityFlag[]) => found.map((f) => f.psn ?? f.fullName).sort();
const rollsOf = (token: string) => stateOf(token, 'NOMINAL_ROLL');
const byMinistry = (rolls: NominalRollMinistry[] | undefined) =>
  Object.fromEntries((rolls ?? []).map((r) => [r.ministry, r]));

interface StoredRow {
  ministry_key: string;
  psn: string | null;
  nin: string | null;
  full_name: string;
  department: string | null;
  grade_level: string | null;
}
async function stored(tenantId: string) {
  const rows = await portal.db.orm.execute<StoredRow & Record<string, unknown>>(sql`
    select ministry_key, psn, nin, full_name, department, grade_level from nominal_roll
    where tenant_id = ${tenantId} order by ministry_key, id`);
  const ministries = await portal.db.orm.execute<Record<string, unknown>>(sql`
    select ministry_key, ministry, as_of::text as as_of, row_count from nominal_roll_ministries
    where tenant_id = ${tenantId} order by ministry_key`);
  const uploads = await portal.db.orm.execute<{ n: number }>(sql`
    select count(*)::int as n from hr_list_uploads where tenant_id = ${tenantId} and kind = 'NOMINAL_ROLL'`);
  return { rows: rows.rows, ministries: ministries.rows, uploads: uploads.rows[0]!.n };
}

const notOnPayroll = async (token: string) => {
  const res = await portal.api.get(CSV_URL, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

describe('nominal roll upload', () => {
  it('takes a CSV with a title row and HR spellings, as of the date sent; flags the records missing from their ministry’s roll', async () => {
    expect(await flags()).toEqual([]);
    const res = await upload(a.token, 'roll-health.csv', HEALTH_ROLL, { asOf: '2026-01-31' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 6, created: 6, updated: 0 } satisfies HrListUploadSummary);
    const { rows, ministries } = await stored(a.tenant.id);
    expect(ministries).toEqual([
      {
        ministry_key: 'ministry of agriculture',
        ministry: 'Ministry of Agriculture',
        as_of: '2026-01-31',
        row_count: 1,
      },
      // Named as its first row writes it; the second row's spelling is the same ministry.
      { ministry_key: 'ministry of health', ministry: HEALTH, as_of: '2026-01-31', row_count: 5 },
    ]);
    // The ministry the master list does not know is kept by its name, not created.
    const known = await portal.db.orm.execute<{ name: string }>(
      sql`select name from ministries where tenant_id = ${a.tenant.id} order by name`,
    );
    expect(known.rows.map((m) => m.name)).toEqual([EDUCATION, HEALTH, 'Ministry of Works']);
    expect(rows.find((r) => r.psn === 'PSNH1')).toEqual({
      ministry_key: 'ministry of health',
      psn: 'PSNH1',
      nin: null,
      full_name: 'H1 Officer',
      department: 'Nursing',
      grade_level: 'GL 08',
    });

    await evaluated();
    const found = await flags();
    // Health has a roll: H2, H3 (no pay) and H5 (its NIN is another PSN's) are missing from it; H1
    // by PSN and the NIN-only record by NIN are on it. Education and Works have no roll.
    expect(psns(found)).toEqual(['PSNH2', 'PSNH3', 'PSNH5']);
    const h2 = found.find((f) => f.psn === 'PSNH2')!;
    expect(h2).toMatchObject({
      status: 'OPEN',
      ministry: HEALTH,
      monthlyAmount: 50000.5,
      evidence: {
        kind: 'NOMINAL_ROLL',
        ministry: HEALTH,
        asOf: '2026-01-31',
        fileName: 'roll-health.csv',
        onRollOf: null,
      },
    });
    expect(found.find((f) => f.psn === 'PSNH3')!.monthlyAmount).toBeNull();
    const s = await currentSummary(portal, a.token);
    expect(s.rules.find((r) => r.code === RULE)).toMatchObject({
      enabled: true,
      flaggedRecords: 3,
      monthlyAmount: 150000.5,
      payUnknownRecords: 1,
    });
  });

  it('replacing one ministry’s roll keeps the others; a record on another ministry’s roll says so', async () => {
    // An XLSX with numeric NINs, the date omitted (today), the field sent after the file.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Nominal Roll');
    sheet.addRow(['Staff No', 'National ID', 'Name of Officer', 'Ministry', 'Department', 'Grade Level']);
    sheet.addRow(['PSNE1', 88000000011, 'Officer E1', EDUCATION, 'Schools', 'GL 08']);
    // H2 is on Education's roll; the master list has them in Health.
    sheet.addRow(['PSNH2', null, 'Officer H2', EDUCATION, 'Schools', 'GL 09']);
    const res = await uploadFile(
      portal,
      a.token,
      'roll-education.xlsx',
      Buffer.from(await workbook.xlsx.writeBuffer()),
      {
        url: URL,
        fields: { asOf: '' },
        fieldsAfterFile: true,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 2, created: 2, updated: 0 });
    const { ministries, rows } = await stored(a.tenant.id);
    expect(ministries.map((m) => [m.ministry, m.as_of, m.row_count])).toEqual([
      ['Ministry of Agriculture', '2026-01-31', 1],
      [EDUCATION, TODAY, 2],
      [HEALTH, '2026-01-31', 5],
    ]);
    expect(rows.filter((r) => r.ministry_key === 'ministry of health')).toHaveLength(5);

    await evaluated();
    const found = await flags();
    expect(psns(found)).toEqual(['PSNE2', 'PSNH2', 'PSNH3', 'PSNH5']);
    expect(found.find((f) => f.psn === 'PSNH2')!.evidence).toMatchObject({
      ministry: HEALTH,
      onRollOf: EDUCATION,
    });
    expect(found.find((f) => f.psn === 'PSNE2')!.evidence).toMatchObject({
      ministry: EDUCATION,
      asOf: TODAY,
      fileName: 'roll-education.xlsx',
      onRollOf: null,
    });

    const state = await rollsOf(a.token);
    expect(state.lastUpload).toMatchObject({
      fileName: 'roll-education.xlsx',
      rows: 2,
      asOf: TODAY,
      uploadedByEmail: a.email,
    });
    const rolls = byMinistry(state.rolls);
    expect(Object.keys(rolls)).toEqual(['Ministry of Agriculture', EDUCATION, HEALTH]);
    // Not on the payroll: Agriculture's one; none of Education's (H2 is on the payroll, in Health);
    // Health's PSNX9, its NIN-only person and PSNZZ.
    expect(rolls['Ministry of Agriculture']).toMatchObject({
      ministryId: null,
      rows: 1,
      notOnPayroll: 1,
      asOf: '2026-01-31',
    });
    expect(rolls[EDUCATION]).toMatchObject({
      ministryId: expect.any(String),
      rows: 2,
      notOnPayroll: 0,
      asOf: TODAY,
    });
    expect(rolls[HEALTH]).toMatchObject({ ministryId: expect.any(String), rows: 5, notOnPayroll: 3 });
  });

  it('downloads the people on a roll who are not on the payroll, by ministry in the order of the file', async () => {
    const res = await notOnPayroll(a.token);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="not-on-payroll-${TODAY}.csv"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(csvLines(res.body)).toEqual([
      'Ministry,Department,PSN,NIN,Full Name,Grade Level,As Of',
      'Ministry of Agriculture,Extension,PSNA1,,Officer Agric,GL 08,2026-01-31',
      `${HEALTH},Pharmacy,PSNX9,,ToHR Known,GL 10,2026-01-31`,
      `${HEALTH},Pharmacy,,88000000099,Only Nin,GL 09,2026-01-31`,
      `${HEALTH},Admin,PSNZZ,88000000005,Person Other,GL 06,2026-01-31`,
    ]);
    // Read in batches of two rows of the rolls, across the ministries: the same lines.
    const batched: string[] = [];
    for await (const block of new NominalRollRepo(portal.db).notOnPayrollLines(tenantScope(a.tenant.id), 2))
      batched.push(block);
    expect(batched.length).toBeGreaterThan(1);
    expect(csvLines(batched.join(''))).toEqual(csvLines(res.body).slice(1));
    // A record removed from the payroll no longer covers its person.
    await portal.db.orm.execute(
      sql`update records set status = 'REJECTED' where tenant_id = ${a.tenant.id} and psn = 'PSNE1'`,
    );
    try {
      expect(csvLines((await notOnPayroll(a.token)).body)).toContain(
        `${EDUCATION},Schools,PSNE1,88000000011,Officer E1,GL 08,${TODAY}`,
      );
    } finally {
      await portal.db.orm.execute(
        sql`update records set status = 'UPLOADED' where tenant_id = ${a.tenant.id} and psn = 'PSNE1'`,
      );
    }
    const audit = await portal.db.orm.execute<{ n: number }>(sql`
      select count(*)::int as n from audit_events where tenant_id = ${a.tenant.id} and action = 'NOT_ON_PAYROLL_DOWNLOADED'`);
    expect(audit.rows[0]!.n).toBe(2);
  });

  it('a dismissal holds when the roll is uploaded again without the person', async () => {
    const e2 = (await flags()).find((f) => f.psn === 'PSNE2')!;
    const res = await decide(portal, a.token, e2.id, {
      decision: 'DISMISS',
      reasonCode: 'VERIFIED_IN_PERSON',
    });
    expect(res.statusCode, res.body).toBe(200);
    const again = await upload(
      a.token,
      'roll-education-2.csv',
      csv(['PSN,Full Name,Ministry', `PSNE1,Officer E1,${EDUCATION}`, `PSNH2,Officer H2,${EDUCATION}`]),
      { asOf: plus(TODAY, -1) },
    );
    // Both were on Education's roll already.
    expect(again.json()).toEqual({ rows: 2, created: 0, updated: 2 });
    await evaluated();
    expect(psns(await flags())).toEqual(['PSNH2', 'PSNH3', 'PSNH5']);
    expect((await flags(a.token, '&status=DISMISSED')).map((f) => f.psn)).toEqual(['PSNE2']);
  });

  it('a new roll that names the people clears their flags; created and updated count against that ministry’s old roll', async () => {
    const res = await upload(
      a.token,
      'roll-health-2.csv',
      csv([
        'PSN,NIN,Full Name,Ministry,Department,Grade Level',
        `PSNH1,,Officer H1,${HEALTH},Nursing,GL 08`,
        `PSNH2,,Officer H2,${HEALTH},Nursing,GL 09`,
        `PSNH3,,Officer H3,${HEALTH},Nursing,GL 09`,
        // The NIN-only record again, now by NIN beside a PSN the master list lacks.
        `PSNH4,88000000004,Officer H4,${HEALTH},Nursing,GL 07`,
        `PSNH5,88000000005,Officer H5,${HEALTH},Nursing,GL 07`,
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    // H1 (PSN) and H4 (NIN, the old row had no PSN) were on Health's roll; H2, H3, H5 are new to it.
    expect(res.json()).toEqual({ rows: 5, created: 3, updated: 2 });
    await evaluated();
    expect(await flags()).toEqual([]);
    const rolls = byMinistry((await rollsOf(a.token)).rolls);
    expect(rolls[HEALTH]).toMatchObject({ rows: 5, notOnPayroll: 0, asOf: TODAY });
    expect(rolls[EDUCATION]).toMatchObject({ rows: 2, asOf: plus(TODAY, -1) });
    const audit = await portal.db.orm.execute<{ after: Record<string, unknown> }>(sql`
      select after from audit_events where tenant_id = ${a.tenant.id} and action = 'HR_LIST_UPLOADED'
      order by id desc limit 1`);
    expect(audit.rows[0]!.after).toMatchObject({
      kind: 'NOMINAL_ROLL',
      asOf: TODAY,
      rows: 5,
      created: 3,
      updated: 2,
      // PSNX9, the NIN-only person and PSNZZ are off Health's roll.
      removed: 3,
      ministries: [HEALTH],
    });
  });

  it('a bad row, a person twice or a bad date refuses the whole file and writes nothing', async () => {
    const before = await stored(a.tenant.id);
    const bad = await upload(
      a.token,
      'bad.csv',
      csv([
        'PSN,NIN,Full Name,Ministry',
        `PSNQ1,,Good Person,${HEALTH}`,
        `,,No Key,${HEALTH}`,
        `PSNQ3,123,Short Nin,`,
      ]),
    );
    expect(bad.statusCode, bad.body).toBe(422);
    expect((bad.json() as UploadRejection).details!.errors).toEqual([
      { row: 3, column: 'PSN', reason: 'A PSN or a NIN is required' },
      { row: 4, column: 'NIN', reason: 'NIN must be 11 digits' },
      { row: 4, column: 'Ministry', reason: 'Ministry is required' },
    ]);
    const twice = await upload(
      a.token,
      'twice.csv',
      csv([
        'PSN,NIN,Full Name,Ministry',
        `PSNQ1,,A,${HEALTH}`,
        `psn q1,,A again,${EDUCATION}`,
        `,88000000077,B,${HEALTH}`,
        `PSNQ4,88000000077,B with a PSN,${HEALTH}`,
        // Two PSNs with one NIN are two people.
        `PSNQ5,88000000078,C,${HEALTH}`,
        `PSNQ6,88000000078,D,${HEALTH}`,
      ]),
    );
    expect(twice.statusCode, twice.body).toBe(422);
    expect((twice.json() as UploadRejection).details!.errors).toEqual([
      { row: 3, column: 'PSN', reason: 'This row and row 2 are the same person' },
      { row: 5, column: 'NIN', reason: 'This row and row 4 are the same person' },
    ]);
    const missing = await upload(a.token, 'missing.csv', csv(['PSN,Full Name,Department', 'PSNQ1,A,X']));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toMatch(/Missing required columns: Ministry/);
    const good = csv(['PSN,Full Name,Ministry', `PSNQ1,A,${HEALTH}`]);
    for (const asOf of ['31/01/2026', '2026-02-30', plus(TODAY, 1)]) {
      const res = await upload(a.token, 'dated.csv', good, { asOf });
      expect(res.statusCode, asOf).toBe(400);
      expect(res.json().message, asOf).toMatch(/"as of" date/);
    }
    const extra = await upload(a.token, 'extra.csv', good, { ministry: HEALTH });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toMatch(/Unexpected field "ministry"/);
    // Nothing written, not even the upload's row; each refusal audited.
    expect(await stored(a.tenant.id)).toEqual(before);
    const audit = await portal.db.orm.execute<{ n: number }>(sql`
      select count(*)::int as n from audit_events where tenant_id = ${a.tenant.id}
        and action = 'HR_LIST_UPLOAD_REJECTED' and after ->> 'kind' = 'NOMINAL_ROLL'`);
    expect(audit.rows[0]!.n).toBe(6);
  });

  it('switched off in the settings, the rule raises nothing; on again, it does', async () => {
    const moved = await upload(
      a.token,
      'roll-works.csv',
      csv(['PSN,Full Name,Ministry', 'PSNW9,Someone,Ministry of Works']),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    await evaluated();
    expect(psns(await flags())).toEqual(['PSNW1']);
    const put = (on: boolean) =>
      portal.api.put('/api/v1/tenant-admin/settings', {
        token: a.token,
        body: { integrity: { rules: { [RULE]: on } } },
      });
    expect((await put(false)).statusCode).toBe(200);
    const off = await evaluated();
    expect(off.rules.find((r) => r.code === RULE)).toMatchObject({ enabled: false, flaggedRecords: 0 });
    expect(await flags()).toEqual([]);
    // The other direction is counted whether the rule is on or not.
    expect(byMinistry((await rollsOf(a.token)).rolls)['Ministry of Works']).toMatchObject({
      notOnPayroll: 1,
    });
    expect((await put(true)).statusCode).toBe(200);
    await evaluated();
    expect(psns(await flags())).toEqual(['PSNW1']);
  });
});

describe('nominal roll: a large roll', () => {
  it("refreshes the planner's statistics of the roll at once", async () => {
    const stats = async () =>
      (
        await portal.db.orm.execute<{ n: number }>(sql`
          select count(*)::int as n from pg_stats where tablename = 'nominal_roll' and attname = 'ministry_key'`)
      ).rows[0]!.n;
    expect(await stats()).toBe(0);
    const c = await createTenantWithAdmin(portal);
    const lines = Array.from({ length: 1_200 }, (_, i) => `PSNL${i},Person ${i},Ministry ${i % 3}`);
    const res = await upload(c.token, 'large.csv', csv(['PSN,Full Name,Ministry', ...lines]));
    expect(res.json()).toEqual({ rows: 1_200, created: 1_200, updated: 0 });
    expect(await stats()).toBe(1);
    await currentSummary(portal, c.token);
  });
});

describe('nominal roll: the API document', () => {
  it('documents the optional asOf field beside the file', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as {
      paths: Record<
        string,
        Record<string, { requestBody: { content: Record<string, { schema: unknown }> } }>
      >;
    };
    expect(doc.paths[URL]!.post!.requestBody.content['multipart/form-data']!.schema).toEqual({
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' }, asOf: { type: 'string' } },
    });
  });
});

describe('nominal roll: tenants and roles', () => {
  it("another tenant's admin neither sees nor changes this tenant's rolls", async () => {
    const before = await stored(a.tenant.id);
    const flagged = psns(await flags());
    const aCsv = (await notOnPayroll(a.token)).body;
    expect((await rollsOf(b.token)).rolls).toEqual([]);
    expect(csvLines((await notOnPayroll(b.token)).body)).toEqual([
      'Ministry,Department,PSN,NIN,Full Name,Grade Level,As Of',
    ]);
    const res = await upload(b.token, 'b.csv', HEALTH_ROLL);
    expect(res.json()).toEqual({ rows: 6, created: 6, updated: 0 });
    await evaluated(b.token);
    expect(psns(await flags(b.token))).toEqual(['PSNH2', 'PSNH3', 'PSNH5']);
    expect(await stored(a.tenant.id)).toEqual(before);
    expect(psns(await flags())).toEqual(flagged);
    expect((await notOnPayroll(a.token)).body).toBe(aCsv);
    expect(Object.keys(byMinistry((await rollsOf(b.token)).rolls))).toEqual([
      'Ministry of Agriculture',
      HEALTH,
    ]);
    expect(csvLines((await notOnPayroll(b.token)).body)).toHaveLength(5);
  });

  /** A tenant's rows of the three HR lists and of their history, none of which has a key per row. */
  const listRows = async (tenantId: string) => {
    const r = await portal.db.orm.execute<{
      roll: number;
      separations: number;
      salary: number;
      uploads: number;
    }>(sql`
      select (select count(*) from nominal_roll where tenant_id = ${tenantId})::int as roll,
        (select count(*) from separations where tenant_id = ${tenantId})::int as separations,
        (select count(*) from salary_table where tenant_id = ${tenantId})::int as salary,
        (select count(*) from hr_list_uploads where tenant_id = ${tenantId})::int as uploads`);
    return r.rows[0]!;
  };
  const SEPARATIONS = csv(['PSN,Full Name,Exit Date,Exit Reason', 'PSNH1,Officer PSNH1,2026-01-31,Deceased']);
  const SALARY_TABLE = csv([
    'Salary Structure,Grade Level,Step,Maximum Monthly Gross',
    'CONPSS,8,1,150000',
    'CONPSS,8,2,155000',
  ]);

  it('deleting a tenant deletes its rolls, separations and salary table (no key per row), and only its', async () => {
    const c = await createTenantWithAdmin(portal);
    const res = await upload(c.token, 'c.csv', HEALTH_ROLL);
    expect(res.statusCode, res.body).toBe(200);
    for (const [path, file] of [
      ['separations', SEPARATIONS],
      ['salary-table', SALARY_TABLE],
    ] as const) {
      const listed = await uploadTo(path, c.token, `${path}.csv`, file);
      expect(listed.statusCode, listed.body).toBe(200);
    }
    await currentSummary(portal, c.token);
    const others = (await stored(a.tenant.id)).rows.length;
    const othersLists = await listRows(a.tenant.id);
    expect((await stored(c.tenant.id)).rows).toHaveLength(6);
    expect(await listRows(c.tenant.id)).toEqual({ roll: 6, separations: 1, salary: 2, uploads: 3 });
    const admin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const gone = await portal.api.delete(`/api/v1/global-admin/tenants/${c.tenant.id}`, { token: admin });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await stored(c.tenant.id)).toEqual({ rows: [], ministries: [], uploads: 0 });
    expect(await listRows(c.tenant.id)).toEqual({ roll: 0, separations: 0, salary: 0, uploads: 0 });
    expect((await stored(a.tenant.id)).rows).toHaveLength(others);
    expect(await listRows(a.tenant.id)).toEqual(othersLists);
  });

  it("refuses a separation or salary row naming another tenant's upload or none, and deleting an upload in use", async () => {
    const c = await createTenantWithAdmin(portal);
    const d = await createTenantWithAdmin(portal);
    for (const [t, path, file] of [
      [c, 'separations', SEPARATIONS],
      [c, 'salary-table', SALARY_TABLE],
      [d, 'separations', SEPARATIONS],
    ] as const) {
      const listed = await uploadTo(path, t.token, `${path}.csv`, file);
      expect(listed.statusCode, listed.body).toBe(200);
    }
    const uploadOf = async (tenantId: string, kind: string) =>
      (
        await portal.db.orm.execute<{ id: string }>(sql`
          select id from hr_list_uploads where tenant_id = ${tenantId} and kind = ${kind}
          order by created_at desc limit 1`)
      ).rows[0]!.id;
    const cSeparations = await uploadOf(c.tenant.id, 'SEPARATIONS');
    const cSalary = await uploadOf(c.tenant.id, 'SALARY_TABLE');
    const dSeparations = await uploadOf(d.tenant.id, 'SEPARATIONS');
    const failure = async (statement: ReturnType<typeof sql>) => {
      try {
        await portal.db.orm.execute(statement);
      } catch (err) {
        for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
          if (e.code) return e.code;
        return 'error without a code';
      }
      return 'no error';
    };
    const before = await listRows(c.tenant.id);
    // Another tenant's upload (the keys let this through), a missing upload, a missing tenant.
    expect(
      await failure(sql`insert into separations (tenant_id, psn, full_name, exit_date, exit_reason, upload_id)
        values (${c.tenant.id}, 'PSNX1', 'X', '2026-01-01', 'RETIRED', ${dSeparations})`),
    ).toBe('23503');
    expect(
      await failure(
        sql`update separations set upload_id = gen_random_uuid() where tenant_id = ${c.tenant.id}`,
      ),
    ).toBe('23503');
    expect(
      await failure(
        sql`update salary_table set tenant_id = gen_random_uuid() where tenant_id = ${c.tenant.id}`,
      ),
    ).toBe('23503');
    expect(
      await failure(sql`insert into salary_table (tenant_id, structure, structure_key, grade, step, max_kobo, upload_id)
        values (${d.tenant.id}, 'X', 'X', 1, 1, 100, ${cSalary})`),
    ).toBe('23503');
    // The tenant's own upload is accepted.
    expect(
      await failure(sql`update separations set upload_id = ${cSeparations} where tenant_id = ${c.tenant.id}`),
    ).toBe('no error');
    expect(await listRows(c.tenant.id)).toEqual(before);
    for (const id of [cSeparations, cSalary])
      expect(await failure(sql`delete from hr_list_uploads where id = ${id}`)).toBe('23503');
    expect(await listRows(c.tenant.id)).toEqual(before);
  });

  it('403 for every other role, 401 without a token', async () => {
    const file = csv(['PSN,Full Name,Ministry', `PSN9001,X,${HEALTH}`]);
    const tokens = await otherRoles(portal, a, 'nr35');
    const before = await stored(a.tenant.id);
    for (const [role, token] of tokens) {
      expect((await upload(token, 'x.csv', file)).statusCode, role).toBe(403);
      expect((await portal.api.get(CSV_URL, { token })).statusCode, role).toBe(403);
    }
    expect((await upload('', 'x.csv', file)).statusCode).toBe(401);
    expect((await portal.api.get(CSV_URL)).statusCode).toBe(401);
    expect(await stored(a.tenant.id)).toEqual(before);
  });
});
