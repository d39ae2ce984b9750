import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { ExportJob } from '@portal/contract/exports';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';
import { ExportsRepo } from '../../src/modules/exports/exports.repo.ts';
import { tempDir } from '../helpers/temp-dirs.ts';
import { exportNow } from '../helpers/exports.ts';

let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let pendingId: string;

beforeAll(async () => {
  // The watchdog rests: the interrupted-export test calls it itself, and a tick of the portal's
  // own (every 10 s) between its insert and that call would fail the export first.
  portal = await createTestPortal({ env: { WATCHDOG_SECONDS: '3600' } });
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  const ids = await seedRecords(portal, a.tenant.id, [
    { fullName: 'Ngozi Okafor', nin: '50000000001', psn: 'PSN500001', status: 'VALIDATED' },
    { fullName: '=HYPERLINK("http://x")', nin: '50000000002', psn: 'PSN500002', status: 'VALIDATED' },
    {
      fullName: 'Musa, "Jnr" Bello',
      nin: '50000000003',
      psn: 'PSN500003',
      status: 'VALIDATED',
      gradeLevel: '-5',
    },
    { fullName: 'Pending Person', nin: '50000000004', psn: 'PSN500004', status: 'PENDING_GRADE_VALIDATION' },
    { fullName: 'Mismatched Person', nin: '50000000005', psn: 'PSN500005', status: 'MISMATCHED' },
    { fullName: 'Two\nLines @home', nin: '50000000009', psn: '+PSN500009', status: 'VALIDATED' },
    // A backslash and a tab (escaped by COPY's text format on PostgreSQL) and letters outside ASCII.
    { fullName: 'Adébáyọ̀ C:\\pay\tday', nin: '50000000010', psn: 'PSN500010', status: 'VALIDATED' },
  ]);
  pendingId = ids[3]!;
  await portal.db.orm.execute(sql`update records set validated_at = now() where status = 'VALIDATED'`);
  await seedRecords(portal, b.tenant.id, [
    { fullName: 'Other Tenant', nin: '50000000009', status: 'VALIDATED' },
  ]);
});
afterAll(async () => {
  await portal?.close();
});

const download = (token: string, id: string) =>
  portal.api.get(`/api/v1/records/export-logs/${id}/download`, { token });

describe('payroll export', () => {
  let first: ExportJob;
  let bytes: Buffer;

  it('exports only the VALIDATED records of the tenant, as a checksummed CSV with BOM', async () => {
    first = await exportNow(portal, a.token);
    expect(first).toMatchObject({ status: 'COMPLETED', recordCount: 5, exportedByEmail: a.email });
    const res = await download(a.token, first.id);
    expect(res.statusCode).toBe(200);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(
      new Date(first.exportTimestamp),
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="payroll-${a.tenant.stateCode}-${day}-${first.id}.csv"`,
    );
    expect(res.headers['content-disposition']).toMatch(
      /filename="payroll-[A-Z]{2}-\d{4}-\d{2}-\d{2}-[0-9a-f-]{36}\.csv"/,
    );
    bytes = res.rawPayload;
    const sha = crypto.createHash('sha256').update(bytes).digest('hex');
    expect(res.headers['x-checksum-sha256']).toBe(sha);
    expect(first.sha256).toBe(sha);
    const text = bytes.toString('utf8');
    expect(
      text.startsWith(
        '\uFEFFPSN,Work ID,Full Name,Ministry,Department,Grade Level,Salary Grade ID,Salary Structure,NIN,Date of Birth,Status,Validated At\r\n',
      ),
    ).toBe(true);
    expect(text).toContain('Ngozi Okafor');
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(text).toContain('"Musa, ""Jnr"" Bello"');
    expect(text).toContain(',-5,'); // a number stays a number
    expect(text).toContain(`'+PSN500009,`); // a text starting with + does not
    expect(text).toContain('"Two\nLines @home"'); // a line break inside a field is quoted
    expect(text).toContain('PSN500010,,Adébáyọ̀ C:\\pay\tday,');
    expect(text).not.toContain('Pending Person');
    expect(text).not.toContain('Mismatched Person');
    expect(text).not.toContain('Other Tenant');
    expect(text.trimEnd().split('\r\n')).toHaveLength(6);
  });

  it('is a frozen snapshot: a record validated afterwards is not in it, and the file does not change', async () => {
    await portal.api.post(`/api/v1/records/${pendingId}/validate`, {
      token: a.token,
      body: { decision: 'APPROVE' },
    });
    const again = await download(a.token, first.id);
    expect(again.rawPayload.equals(bytes)).toBe(true);
    const second = await exportNow(portal, a.token);
    expect(second.recordCount).toBe(6);
    expect((await download(a.token, second.id)).body).toContain('Pending Person');
    const audit = await portal.db.orm.execute(
      sql`select 1 from audit_events where action = 'EXPORT_GENERATED' and tenant_id = ${a.tenant.id}`,
    );
    expect(audit.rows).toHaveLength(2);
  });

  it('opens in LibreOffice with the neutralised formula as text', async () => {
    const dir = tempDir('export-lo-');
    const csv = path.join(dir, 'payroll.csv');
    fs.writeFileSync(csv, bytes);
    execFileSync(
      'soffice',
      [
        '--headless',
        `-env:UserInstallation=file://${dir}/profile`,
        '--convert-to',
        'xlsx',
        '--outdir',
        dir,
        csv,
      ],
      { timeout: 120_000 },
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(dir, 'payroll.xlsx'));
    const cells = workbook.worksheets[0]!.getColumn(3).values.filter((v) => v != null);
    const cell = cells.find((v) =>
      String(typeof v === 'object' ? JSON.stringify(v) : v).includes('HYPERLINK'),
    );
    expect(typeof cell).toBe('string'); // text, not a formula object
    expect(cell).toBe(`'=HYPERLINK("http://x")`);
  });
});

describe('isolation, readiness and access', () => {
  it("another tenant's export id is 404, and so is an export that is not COMPLETED", async () => {
    const job = await exportNow(portal, a.token);
    expect((await download(b.token, job.id)).statusCode).toBe(404);
    expect(
      ((await portal.api.get('/api/v1/records/export-logs', { token: b.token })).json() as ExportJob[]).map(
        (j) => j.id,
      ),
    ).not.toContain(job.id);
    await portal.db.orm.execute(sql`insert into export_jobs (tenant_id, status, exported_by_email, started_at)
      values (${a.tenant.id}, 'PROCESSING', 'x@example.gov.ng', now() - interval '5 minutes')`);
    const logs = (
      await portal.api.get('/api/v1/records/export-logs', { token: a.token })
    ).json() as ExportJob[];
    const processing = logs.find((l) => l.status === 'PROCESSING')!;
    expect((await download(a.token, processing.id)).statusCode).toBe(404);
    // Its writer is gone (no transaction holds its lock): the watchdog fails it, keeping nothing partial.
    expect(await new ExportsRepo(portal.db.orm).failInterrupted('interrupted')).toBe(1);
    const after = (
      await portal.api.get('/api/v1/records/export-logs', { token: a.token })
    ).json() as ExportJob[];
    expect(after.find((l) => l.id === processing.id)).toMatchObject({
      status: 'FAILED',
      statusMessage: 'interrupted',
    });
  });

  it('every export route answers 403 to other roles and 401 without a token', async () => {
    const tokens = {
      GLOBAL_SUPER_ADMIN: await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password),
      REVIEWER: await portal.login('reviewer@demo.local'),
      AGENT: await portal.login('agent@demo.local'),
      SELF_SERVICE_USER: await portal.login('employee@demo.local'),
    };
    const routes = [
      ['POST', '/api/v1/records/export'],
      ['GET', '/api/v1/records/export-logs'],
      ['GET', '/api/v1/records/export-logs/00000000-0000-4000-8000-000000000000/download'],
    ] as const;
    for (const [method, url] of routes) {
      expect((await portal.api.call(method, url)).statusCode).toBe(401);
      for (const [role, token] of Object.entries(tokens)) {
        expect(
          (await portal.api.call(method, url, { token })).statusCode,
          `${method} ${url} as ${role}`,
        ).toBe(403);
      }
    }
  });
});
