import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { HrListUploadSummary } from '@portal/contract/hr-lists';
import type { UploadRejection } from '@portal/contract/records';
import { csv, hrListWorld, otherRoles, type TenantAdmin } from '../helpers/hr-lists.ts';
import type { TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';

/**
 * The separations list (issue #35): uploaded through the master list's machinery (CSV, XLSX, header
 * spellings, row errors, all or nothing), upserted by person, one tenant's list invisible to another.
 */
let portal: TestPortal;
let a: TenantAdmin;
let b: TenantAdmin;
const { upload, lists: listsOf } = hrListWorld('separations', async (w) => {
  ({ portal, a, b } = w);
});

interface SeparationRow {
  psn: string | null;
  nin: string | null;
  full_name: string;
  exit_date: string;
  exit_reason: string;
  reference: string | null;
}

async function separationsOf(tenantId: string): Promise<SeparationRow[]> {
  const result = await portal.db.orm.execute<SeparationRow & Record<string, unknown>>(sql`
    select psn, nin, full_name, exit_date::text as exit_date, exit_reason, reference
    from separations where tenant_id = ${tenantId} order by coalesce(psn, nin)`);
  return result.rows;
}

describe('separations upload', () => {
  it('takes a CSV with a title row and HR spellings of the headers and the reasons', async () => {
    const res = await upload(
      a.token,
      'leavers.csv',
      csv([
        'Ministry of Health: Separations 2026',
        'P.S.N,NIN,Name of Officer,Date of Exit,Reason for Exit,Ref No',
        'psn 1001,,Adaeze Okafor,2026-01-31,retirement,HR/RET/01',
        'PSN1002,12345678901,Bala Musa,15/02/2026,DECEASED,',
        ',22345678901,Chioma Eze,2026-03-01,Resigned,HR/RES/7',
        'PSN1004,,Dauda Ali,2026-03-02,dismissal,',
        'PSN1005,,Efe Ojo,2026-03-03,Transfer of Service,',
        'PSN1006,,Funke Ade,2026-03-04,others,',
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 6, created: 6, updated: 0 } satisfies HrListUploadSummary);
    const rows = await separationsOf(a.tenant.id);
    expect(rows.map((r) => [r.psn, r.nin, r.exit_date, r.exit_reason])).toEqual([
      [null, '22345678901', '2026-03-01', 'RESIGNED'],
      ['PSN1001', null, '2026-01-31', 'RETIRED'],
      ['PSN1002', '12345678901', '2026-02-15', 'DECEASED'],
      ['PSN1004', null, '2026-03-02', 'DISMISSED'],
      ['PSN1005', null, '2026-03-03', 'TRANSFERRED'],
      ['PSN1006', null, '2026-03-04', 'OTHER'],
    ]);
    expect(rows.find((r) => r.psn === 'PSN1001')?.reference).toBe('HR/RET/01');
  });

  it('a re-upload updates each person (by PSN, else NIN) and the same file again changes nothing', async () => {
    const file = csv([
      'Staff No,NIN,Full Name,Exit Date,Exit Reason,Reference',
      'PSN1001,,Adaeze Okafor,2026-02-28,Retired,HR/RET/01-A',
      ',22345678901,Chioma Eze,2026-03-01,Deceased,HR/DEC/9',
      'PSN1010,,Gbenga Lawal,2026-04-01,Resigned,',
    ]);
    const first = await upload(a.token, 'leavers-2.csv', file);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ rows: 3, created: 1, updated: 2 });
    const again = await upload(a.token, 'leavers-2.csv', file);
    expect(again.json()).toEqual({ rows: 3, created: 0, updated: 0 });
    const rows = await separationsOf(a.tenant.id);
    expect(rows).toHaveLength(7);
    expect(rows.find((r) => r.psn === 'PSN1001')).toMatchObject({
      exit_date: '2026-02-28',
      reference: 'HR/RET/01-A',
    });
    expect(rows.find((r) => r.nin === '22345678901')).toMatchObject({ psn: null, exit_reason: 'DECEASED' });
  });

  it('takes an XLSX with dates as dates and NINs as numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Leavers');
    sheet.addRow([
      'Public Service Number (PSN)',
      'National ID',
      'Staff Name',
      'Date of Separation',
      'Mode of Exit',
    ]);
    sheet.addRow(['PSN2001', 1234567890, 'Hauwa Sani', new Date(Date.UTC(2026, 4, 31)), 'Retired']);
    sheet.addRow([null, 32345678901, 'Ifeanyi Nwosu', new Date(Date.UTC(2026, 5, 1)), 'Death']);
    const res = await upload(a.token, 'leavers.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 2, created: 2, updated: 0 });
    const rows = await separationsOf(a.tenant.id);
    expect(rows.find((r) => r.psn === 'PSN2001')).toMatchObject({
      nin: '01234567890',
      exit_date: '2026-05-31',
      exit_reason: 'RETIRED',
    });
    expect(rows.find((r) => r.nin === '32345678901')).toMatchObject({ exit_reason: 'DECEASED' });
  });

  it('a bad row refuses the whole file with its row errors and writes nothing', async () => {
    const before = await separationsOf(a.tenant.id);
    const res = await upload(
      a.token,
      'bad.csv',
      csv([
        'PSN,NIN,Full Name,Exit Date,Exit Reason',
        'PSN3001,,Good Person,2026-01-01,Retired',
        ',,No Key,2026-01-01,Retired',
        'PSN3003,123,Short Nin,2026-13-45,Promoted',
        'PSN3001,,Same Person,2026-01-01,Retired',
      ]),
    );
    expect(res.statusCode, res.body).toBe(422);
    const details = (res.json() as UploadRejection).details!;
    expect(details.errors).toEqual([
      { row: 3, column: 'PSN', reason: 'A PSN or a NIN is required' },
      { row: 4, column: 'NIN', reason: 'NIN must be 11 digits' },
      { row: 4, column: 'Exit Date', reason: expect.stringMatching(/not a valid date/) },
      { row: 4, column: 'Exit Reason', reason: expect.stringMatching(/Retired, Deceased/) },
    ]);
    // The repeated person is found once the rows are valid.
    const dup = await upload(
      a.token,
      'dup.csv',
      csv([
        'PSN,Full Name,Exit Date,Exit Reason',
        'PSN3001,A,2026-01-01,Retired',
        'psn3001,B,2026-01-02,Retired',
      ]),
    );
    expect(dup.statusCode, dup.body).toBe(422);
    expect((dup.json() as UploadRejection).details!.errors).toEqual([
      { row: 3, column: 'PSN', reason: 'This row and row 2 are the same person' },
    ]);
    const missing = await upload(
      a.token,
      'missing.csv',
      csv(['PSN,Full Name,Exit Date', 'PSN3001,A,2026-01-01']),
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toMatch(/Missing required columns: Exit Reason/);
    expect(await separationsOf(a.tenant.id)).toEqual(before);
    const audit = await portal.db.orm.execute<{ action: string; n: number }>(sql`
      select action, count(*)::int as n from audit_events
      where tenant_id = ${a.tenant.id} and action like 'HR_LIST_%' group by action order by action`);
    expect(audit.rows).toEqual([
      { action: 'HR_LIST_UPLOADED', n: 4 },
      { action: 'HR_LIST_UPLOAD_REJECTED', n: 3 },
    ]);
  });

  it('refuses two rows of one person: same PSN, same NIN without a PSN, or one person on the list', async () => {
    const c = await createTenantWithAdmin(portal);
    const head = 'PSN,NIN,Full Name,Exit Date,Exit Reason';
    const first = await upload(
      c.token,
      'list.csv',
      csv([
        head,
        ',70000000001,On List By Nin,2026-01-01,Retired',
        'PSN7002,70000000002,On List,2026-01-01,Retired',
      ]),
    );
    expect(first.statusCode, first.body).toBe(200);
    const before = await separationsOf(c.tenant.id);
    const res = await upload(
      c.token,
      'repeats.csv',
      csv([
        head,
        // Rows 2 and 3 are the listed person found by NIN (the list's row has no PSN): one person.
        ',70000000001,A,2026-01-01,Retired',
        'PSN7003,70000000001,B,2026-01-01,Retired',
        // The same NIN, neither row with a PSN.
        ',70000000005,C,2026-01-01,Retired',
        ',70000000005,D,2026-01-01,Retired',
        // Listed by PSN; then another PSN with that person's NIN: not them (both have a PSN).
        'PSN7002,,E,2026-01-01,Retired',
        'PSN7009,70000000002,F,2026-01-01,Retired',
        // Row 3's PSN again, here matching nobody on the list: row 3's person all the same.
        'psn 7003,70000000009,G,2026-01-01,Retired',
      ]),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect((res.json() as UploadRejection).details).toMatchObject({
      errorCount: 3,
      errors: [
        { row: 3, column: 'PSN', reason: 'This row and row 2 are the same person' },
        { row: 5, column: 'NIN', reason: 'This row and row 4 are the same person' },
        { row: 8, column: 'PSN', reason: 'This row and row 3 are the same person' },
      ],
    });
    expect(await separationsOf(c.tenant.id)).toEqual(before);
  });

  it('written batch by batch, a file is still judged whole: a repeat in a later batch refuses it all', async () => {
    const c = await createTenantWithAdmin(portal);
    const head = 'PSN,NIN,Full Name,Exit Date,Exit Reason';
    const listed = await upload(
      c.token,
      'list.csv',
      csv([head, ',71000000001,Listed By Nin,2026-01-01,Retired']),
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const before = await separationsOf(c.tenant.id);
    // 2,500 people: more than the worker's first batch (1,000 rows); each batch is written
    // into the list while the next is read.
    const people = Array.from(
      { length: 2_500 },
      (_, i) => `PSN8${String(i).padStart(4, '0')},,Person ${i},2026-02-01,Resigned`,
    );
    const res = await upload(
      c.token,
      'long.csv',
      csv([
        head,
        // The listed person found by NIN, giving them a PSN; a later row with another PSN and the
        // same NIN is found as the list was before the upload: the same person.
        'PSN7100,71000000001,A,2026-01-01,Retired',
        ...people,
        'PSN7101,71000000001,B,2026-01-01,Retired',
        // Row 3's PSN again, 2,500 rows later: in another batch than the row it repeats.
        'psn 80000,,C,2026-01-01,Retired',
      ]),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect((res.json() as UploadRejection).details).toMatchObject({
      errorCount: 2,
      errors: [
        { row: 2503, column: 'PSN', reason: 'This row and row 2 are the same person' },
        { row: 2504, column: 'PSN', reason: 'This row and row 3 are the same person' },
      ],
    });
    expect(await separationsOf(c.tenant.id)).toEqual(before);
    const audit = await portal.db.orm.execute<{ action: string; n: number }>(sql`
      select action, count(*)::int as n from audit_events
      where tenant_id = ${c.tenant.id} and action like 'HR_LIST_%' group by action order by action`);
    expect(audit.rows).toEqual([
      { action: 'HR_LIST_UPLOADED', n: 1 },
      { action: 'HR_LIST_UPLOAD_REJECTED', n: 1 },
    ]);
    // Without the two repeats, the same file is taken whole: the listed person updated once.
    const ok = await upload(
      c.token,
      'long.csv',
      csv([head, 'PSN7100,71000000001,A,2026-01-01,Retired', ...people]),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ rows: 2_501, created: 2_500, updated: 1 } satisfies HrListUploadSummary);
    const after = await separationsOf(c.tenant.id);
    expect(after).toHaveLength(2_501);
    expect(after.find((r) => r.nin === '71000000001')).toMatchObject({ psn: 'PSN7100', full_name: 'A' });
    // The same file again changes nothing.
    const again = await upload(
      c.token,
      'long.csv',
      csv([head, 'PSN7100,71000000001,A,2026-01-01,Retired', ...people]),
    );
    expect(again.json()).toEqual({ rows: 2_501, created: 0, updated: 0 } satisfies HrListUploadSummary);
  });

  it("lists each list's last upload; the lists not built yet have none", async () => {
    const lists = await listsOf(a.token);
    expect(lists.map((l) => l.kind)).toEqual(['SEPARATIONS', 'NOMINAL_ROLL', 'SALARY_TABLE']);
    expect(lists[0]!.lastUpload).toMatchObject({
      fileName: 'leavers.xlsx',
      rows: 2,
      created: 2,
      updated: 0,
      asOf: null,
      uploadedByEmail: a.email,
    });
    expect(lists[1]!.lastUpload).toBeNull();
    expect(lists[2]!.lastUpload).toBeNull();
  });
});

describe('separations: tenants and roles', () => {
  it("another tenant's admin neither sees nor changes this tenant's list", async () => {
    const before = await separationsOf(a.tenant.id);
    expect((await listsOf(b.token))[0]!.lastUpload).toBeNull();
    const res = await upload(
      b.token,
      'b.csv',
      csv(['PSN,Full Name,Exit Date,Exit Reason', 'PSN1001,Someone Else,2020-01-01,Dismissed']),
    );
    expect(res.json()).toEqual({ rows: 1, created: 1, updated: 0 });
    expect(await separationsOf(a.tenant.id)).toEqual(before);
    expect(await separationsOf(b.tenant.id)).toHaveLength(1);
    expect((await listsOf(a.token))[0]!.lastUpload?.fileName).toBe('leavers.xlsx');
  });

  it('403 for every other role, 401 without a token', async () => {
    const file = csv(['PSN,Full Name,Exit Date,Exit Reason', 'PSN9001,X,2026-01-01,Retired']);
    const tokens = await otherRoles(portal, a, 'hr35');
    for (const [role, token] of tokens) {
      expect((await upload(token, 'x.csv', file)).statusCode, role).toBe(403);
      expect((await portal.api.get('/api/v1/hr-lists', { token })).statusCode, role).toBe(403);
    }
    expect((await upload('', 'x.csv', file)).statusCode).toBe(401);
    expect((await portal.api.get('/api/v1/hr-lists')).statusCode).toBe(401);
    expect(await separationsOf(a.tenant.id)).not.toContainEqual(expect.objectContaining({ psn: 'PSN9001' }));
  });
});
