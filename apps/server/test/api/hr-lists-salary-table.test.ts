import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { HrListUploadSummary } from '@portal/contract/hr-lists';
import type { UploadRejection } from '@portal/contract/records';
import { csv, hrListWorld, otherRoles, type TenantAdmin } from '../helpers/hr-lists.ts';
import type { TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';

/**
 * The salary table (issue #35): uploaded through the master list's machinery (CSV, XLSX, a pay
 * office's header spellings, row errors, all or nothing), replacing the tenant's whole table, one
 * tenant's table invisible to another. PAY_ABOVE_SCALE, which reads it: integrity-pay-above-scale.test.ts.
 */
let portal: TestPortal;
let a: TenantAdmin;
let b: TenantAdmin;
const { upload, stateOf } = hrListWorld('salary-table', async (w) => {
  ({ portal, a, b } = w);
});

/** The tenant's table as stored: structure as written, its key, grade, step, kobo. */
async function tableOf(tenantId: string): Promise<[string, string, number, number, number, number | null][]> {
  const result = await portal.db.orm.execute<{
    structure: string;
    structure_key: string;
    grade: number;
    step: number;
    max_kobo: string | number;
    min_kobo: string | number | null;
  }>(sql`
    select structure, structure_key, grade, step, max_kobo, min_kobo from salary_table
    where tenant_id = ${tenantId} order by structure_key, grade, step`);
  return result.rows.map((r) => [
    r.structure,
    r.structure_key,
    r.grade,
    r.step,
    Number(r.max_kobo),
    r.min_kobo === null ? null : Number(r.min_kobo),
  ]);
}

const salaryTableState = (token: string) => stateOf(token, 'SALARY_TABLE');

describe('salary table upload', () => {
  it("takes a CSV with a title row and a pay office's spellings of the headers, grades and steps", async () => {
    const res = await upload(
      a.token,
      'scale.csv',
      csv([
        'Office of the Head of Service: CONPSS and CONHESS, 2026',
        'Salary Scale,GL,Step No,Max Gross (₦),Min',
        'CONPSS,GL 08,Step 10,"₦250,000.00","200,000"',
        'conpss ,08,9,"249,000.50",',
        'CONHESS,Grade Level 8,S10,300000,',
        'Con-PSS,7,04,"150,000",',
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 4, created: 4, updated: 0 } satisfies HrListUploadSummary);
    expect(await tableOf(a.tenant.id)).toEqual([
      ['CONHESS', 'CONHESS', 8, 10, 30_000_000, null],
      ['Con-PSS', 'CONPSS', 7, 4, 15_000_000, null],
      ['conpss', 'CONPSS', 8, 9, 24_900_050, null],
      ['CONPSS', 'CONPSS', 8, 10, 25_000_000, 20_000_000],
    ]);
  });

  it('a second upload replaces the whole table: new keys created, changed ones updated, missing ones gone', async () => {
    const file = csv([
      'Structure,Grade Level,Step,Maximum Monthly Gross Pay,Minimum Monthly Gross,Annual Salary',
      // Kept, unchanged.
      'CONPSS,8,10,"250,000.00","200,000.00","3,000,000"',
      // Kept, a new maximum.
      'CONPSS,8,9,"249,500",,',
      // New.
      'CONPSS,9,1,"260,000",,',
    ]);
    const first = await upload(a.token, 'scale-2.csv', file);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ rows: 3, created: 1, updated: 1 });
    // CONHESS 08/10 and CONPSS 07/04 are gone: the file is the whole table.
    expect(await tableOf(a.tenant.id)).toEqual([
      ['CONPSS', 'CONPSS', 8, 9, 24_950_000, null],
      ['CONPSS', 'CONPSS', 8, 10, 25_000_000, 20_000_000],
      ['CONPSS', 'CONPSS', 9, 1, 26_000_000, null],
    ]);
    const again = await upload(a.token, 'scale-2.csv', file);
    expect(again.json()).toEqual({ rows: 3, created: 0, updated: 0 });
    const audit = await portal.db.orm.execute<{
      after: { kind: string; removed: number; created: number };
    }>(sql`
      select after from audit_events where tenant_id = ${a.tenant.id} and action = 'HR_LIST_UPLOADED'
      order by created_at, id`);
    expect(audit.rows.map((r) => [r.after.kind, r.after.created, r.after.removed])).toEqual([
      ['SALARY_TABLE', 4, 0],
      ['SALARY_TABLE', 1, 2],
      ['SALARY_TABLE', 0, 0],
    ]);
  });

  it('takes an XLSX with amounts, grades and steps as numbers, and a column of annual pay beside', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('CONPSS 2026');
    sheet.addRow(['Salary Structure', 'Grade', 'Step', 'Annual Maximum', 'Maximum', 'Minimum']);
    sheet.addRow(['CONPSS', 8, 10, 3_000_000, 250_000, 200_000.5]);
    sheet.addRow(['CONPSS', 12, 1, 4_800_000, 400_000.25, null]);
    const res = await upload(a.token, 'scale.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 2, created: 1, updated: 1 });
    expect(await tableOf(a.tenant.id)).toEqual([
      ['CONPSS', 'CONPSS', 8, 10, 25_000_000, 20_000_050],
      ['CONPSS', 'CONPSS', 12, 1, 40_000_025, null],
    ]);
  });

  it('a bad row refuses the whole file with its row errors and writes nothing', async () => {
    const before = await tableOf(a.tenant.id);
    const res = await upload(
      a.token,
      'bad.csv',
      csv([
        'Salary Structure,Grade Level,Step,Maximum Monthly Gross,Minimum Monthly Gross',
        'CONPSS,8,10,"250,000",',
        'CONPSS,8,11,"250,000","250,000.01"',
        ',Principal,ten,abc,',
        'CONPSS,8,12,0,',
        'CONPSS,100,0,"-5",',
      ]),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect((res.json() as UploadRejection).details!.errors).toEqual([
      { row: 3, column: 'Minimum Monthly Gross', reason: 'Minimum Monthly Gross is more than the maximum' },
      { row: 4, column: 'Salary Structure', reason: 'Salary structure is required' },
      { row: 4, column: 'Grade Level', reason: expect.stringMatching(/^Grade level must be a number/) },
      { row: 4, column: 'Step', reason: expect.stringMatching(/^Step must be a number/) },
      {
        row: 4,
        column: 'Maximum Monthly Gross',
        reason: expect.stringMatching(/^Maximum Monthly Gross must be an amount in naira/),
      },
      { row: 5, column: 'Maximum Monthly Gross', reason: 'Maximum Monthly Gross must be more than zero' },
      { row: 6, column: 'Grade Level', reason: expect.stringMatching(/from 1 to 99/) },
      { row: 6, column: 'Step', reason: expect.stringMatching(/from 1 to 99/) },
      { row: 6, column: 'Maximum Monthly Gross', reason: 'Maximum Monthly Gross cannot be negative' },
    ]);
    // A key given twice ('CONPSS' and 'con pss' are one structure) is found once the rows are valid.
    const dup = await upload(
      a.token,
      'dup.csv',
      csv([
        'Structure,GL,Step,Max',
        'CONPSS,8,10,"250,000"',
        'CONPSS,9,10,"260,000"',
        'con pss,GL 08,Step 10,"251,000"',
      ]),
    );
    expect(dup.statusCode, dup.body).toBe(422);
    expect((dup.json() as UploadRejection).details!.errors).toEqual([
      {
        row: 4,
        column: 'Salary Structure, Grade Level, Step',
        reason: 'This row and row 2 give the same structure, grade and step',
      },
    ]);
    expect(await tableOf(a.tenant.id)).toEqual(before);
  });

  it('written batch by batch, a table is still judged whole: a key repeated in a later batch refuses it all', async () => {
    const c = await createTenantWithAdmin(portal);
    const head = 'Salary Structure,Grade Level,Step,Maximum Monthly Gross';
    const first = await upload(
      c.token,
      'first.csv',
      csv([head, 'CONPSS,1,1,"50,000"', 'CONPSS,1,2,"51,000"']),
    );
    expect(first.statusCode, first.body).toBe(200);
    const before = await tableOf(c.tenant.id);
    // 2,400 keys: more than the worker's first batch (1,000 rows), each batch written as it comes.
    const keys = Array.from(
      { length: 2_400 },
      (_, i) => `SCALE ${Math.floor(i / 99)},${(i % 99) + 1},9,"${90_000 + i}"`,
    );
    const res = await upload(
      c.token,
      'long.csv',
      csv([head, 'CONPSS,1,1,"60,000"', ...keys, 'conpss,GL 01,1,"61,000"']),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect((res.json() as UploadRejection).details!.errors).toEqual([
      {
        row: 2403,
        column: 'Salary Structure, Grade Level, Step',
        reason: 'This row and row 2 give the same structure, grade and step',
      },
    ]);
    expect(await tableOf(c.tenant.id)).toEqual(before);
    // A key new to the table given twice, 2,400 rows apart: refused the same way.
    const twice = await upload(c.token, 'twice.csv', csv([head, ...keys, 'scale 0,GL 01,Step 9,"95,000"']));
    expect(twice.statusCode, twice.body).toBe(422);
    expect((twice.json() as UploadRejection).details!.errors).toEqual([
      {
        row: 2402,
        column: 'Salary Structure, Grade Level, Step',
        reason: 'This row and row 2 give the same structure, grade and step',
      },
    ]);
    expect(await tableOf(c.tenant.id)).toEqual(before);
    // Without the repeat: the kept key updated, the new keys created, the missing key gone.
    const ok = await upload(c.token, 'long.csv', csv([head, 'CONPSS,1,1,"60,000"', ...keys]));
    expect(ok.json()).toEqual({ rows: 2_401, created: 2_400, updated: 1 } satisfies HrListUploadSummary);
    const after = await tableOf(c.tenant.id);
    expect(after).toHaveLength(2_401);
    expect(after.filter(([, , grade, step]) => grade === 1 && step === 2)).toEqual([]);
  });

  it("never reads a year's pay as a month's: a file with only annual amounts is refused, saying so", async () => {
    const before = await tableOf(a.tenant.id);
    for (const header of ['Annual Salary', 'Max Gross (Annual)', 'Maximum per annum']) {
      const res = await upload(
        a.token,
        'annual.csv',
        csv([`Structure,Grade Level,Step,${header}`, 'CONPSS,8,10,"3,000,000"']),
      );
      expect(res.statusCode, header).toBe(422);
      expect(res.json().message, header).toBe(
        `Missing required columns: Maximum Monthly Gross ("${header}" is a year's pay: give the monthly amount). The first row of the file must hold the column headers.`,
      );
    }
    const missing = await upload(a.token, 'missing.csv', csv(['Structure,Max', 'CONPSS,"250,000"']));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toMatch(/^Missing required columns: Grade Level, Step\./);
    const empty = await upload(a.token, 'empty.csv', csv(['Structure,GL,Step,Max']));
    expect(empty.statusCode).toBe(422);
    expect(await tableOf(a.tenant.id)).toEqual(before);
    const audit = await portal.db.orm.execute<{ action: string; n: number }>(sql`
      select action, count(*)::int as n from audit_events
      where tenant_id = ${a.tenant.id} and action like 'HR_LIST_%' and after ->> 'kind' = 'SALARY_TABLE'
      group by action order by action`);
    expect(audit.rows).toEqual([
      { action: 'HR_LIST_UPLOADED', n: 4 },
      { action: 'HR_LIST_UPLOAD_REJECTED', n: 7 },
    ]);
  });

  it("lists the table's last upload with the other lists", async () => {
    expect((await salaryTableState(a.token)).lastUpload).toMatchObject({
      fileName: 'scale.xlsx',
      rows: 2,
      created: 1,
      updated: 1,
      asOf: null,
      uploadedByEmail: a.email,
    });
  });
});

describe('salary table: tenants and roles', () => {
  it("another tenant's admin neither sees nor changes this tenant's table", async () => {
    const before = await tableOf(a.tenant.id);
    expect((await salaryTableState(b.token)).lastUpload).toBeNull();
    const res = await upload(b.token, 'b.csv', csv(['Structure,GL,Step,Max', 'CONPSS,8,10,100']));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 1, created: 1, updated: 0 });
    expect(await tableOf(a.tenant.id)).toEqual(before);
    expect(await tableOf(b.tenant.id)).toEqual([['CONPSS', 'CONPSS', 8, 10, 10_000, null]]);
    expect((await salaryTableState(a.token)).lastUpload?.fileName).toBe('scale.xlsx');
    expect((await salaryTableState(b.token)).lastUpload?.fileName).toBe('b.csv');
  });

  it('403 for every other role, 401 without a token', async () => {
    const before = await tableOf(a.tenant.id);
    const file = csv(['Structure,GL,Step,Max', 'CONPSS,8,10,1']);
    const tokens = await otherRoles(portal, a, 'sal35');
    for (const [role, token] of tokens)
      expect((await upload(token, 'x.csv', file)).statusCode, role).toBe(403);
    expect((await upload('', 'x.csv', file)).statusCode).toBe(401);
    expect(await tableOf(a.tenant.id)).toEqual(before);
  });
});
