import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ExportJob } from '@portal/contract/exports';
import type { MasterRecord } from '@portal/contract/records';
import { createTestPortal, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';
import { csvOf, uploadFile } from '../helpers/uploads.ts';
import { ExportsRepo } from '../../src/modules/exports/exports.repo.ts';
import { tenantScope } from '../../src/access/actor.ts';
import { AuditRepo } from '../../src/modules/audit/audit.repo.ts';
import { exportHandler } from '../../src/modules/exports/export.jobs.ts';

/**
 * The boundary: no record reaches the payroll file with a salary grade id of another grade (issue
 * #17). Accepting a grade from the source of truth, or editing one, asks for the new id; approving
 * a record whose id names another grade is refused; an export with such a record is refused with
 * the records listed.
 */
let portal: TestPortal;
let t: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let other: Awaited<ReturnType<typeof createTenantWithAdmin>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  portal = await createTestPortal();
  t = await createTenantWithAdmin(portal);
  other = await createTenantWithAdmin(portal);
  const keys = ['resolve', 'edit', 'approve', 'validated', 'clean'] as const;
  const created = await seedRecords(
    portal,
    t.tenant.id,
    keys.map((key, i) => ({
      fullName: `Person ${key}`,
      nin: String(62000000000 + i),
      psn: `PSNSG${i}`,
      status:
        { resolve: 'MISMATCHED', edit: 'MISMATCHED', approve: 'PENDING_GRADE_VALIDATION' }[key as string] ??
        'VALIDATED',
      gradeLevel: key === 'approve' || key === 'validated' ? 'GL 09' : 'GL 08',
      dateOfBirth: '1980-01-02',
    })),
  );
  keys.forEach((key, i) => (ids[key] = created[i]!));
  await portal.db.orm.execute(sql`
    update records set salary_grade_id = 'CONPSS-08-10', validated_at = now(), sot_verified = true,
      sot_data = jsonb_build_object('nin', nin, 'fullName', full_name, 'firstName', 'X', 'lastName', 'Y',
        'dateOfBirth', '1980-01-02', 'gradeLevel', 'GL 09', 'biometricsEnrolled', true)
    where tenant_id = ${t.tenant.id}`);
  // The other tenant's conflict must not block this tenant's export, nor be listed in it.
  await seedRecords(portal, other.tenant.id, [
    {
      fullName: 'Other Tenant',
      nin: '62000000099',
      psn: 'PSNOTHER',
      status: 'VALIDATED',
      gradeLevel: 'GL 12',
    },
  ]);
  await portal.db.orm.execute(
    sql`update records set salary_grade_id = 'CONPSS-08-10' where tenant_id = ${other.tenant.id}`,
  );
});
afterAll(async () => {
  await portal?.close();
});

const record = async (id: string) =>
  (
    await portal.db.orm.execute<{ status: string; grade_level: string; salary_grade_id: string | null }>(
      sql`select status, grade_level, salary_grade_id from records where id = ${id}`,
    )
  ).rows[0]!;

describe('salary grade id and grade level', () => {
  it('accepting a new grade from the source of truth asks for the salary grade id of that grade', async () => {
    const url = `/api/v1/records/${ids.resolve}/resolve-mismatch`;
    const missing = await portal.api.post(url, { token: t.token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: 'The grade changes from GL 08 to GL 09: enter the Salary Grade ID for GL 09.',
      details: { suggestedSalaryGradeId: 'CONPSS-09-10' },
    });
    expect(await record(ids.resolve!)).toMatchObject({ status: 'MISMATCHED', grade_level: 'GL 08' });

    const stale = await portal.api.post(url, { token: t.token, body: { salaryGradeId: 'CONPSS-08-10' } });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('Salary Grade ID CONPSS-08-10 names another grade than GL 09.');

    const ok = await portal.api.post(url, { token: t.token, body: { salaryGradeId: 'CONPSS-09-10' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'VALIDATED',
      gradeLevel: 'GL 09',
      salaryGradeId: 'CONPSS-09-10',
    });
    const history = (
      await portal.api.get(`/api/v1/records/${ids.resolve}/audit`, { token: t.token })
    ).json() as {
      items: { action: string; before: Record<string, unknown>; after: Record<string, unknown> }[];
    };
    expect(history.items[0]).toMatchObject({
      action: 'RECORD_MISMATCH_RESOLVED',
      before: { salaryGradeId: 'CONPSS-08-10', gradeLevel: 'GL 08' },
      after: { salaryGradeId: 'CONPSS-09-10', gradeLevel: 'GL 09' },
    });
  });

  it('an edit that changes the grade asks for the salary grade id too', async () => {
    const url = `/api/v1/records/${ids.edit}`;
    const body = { fullName: 'Person edit', department: 'Nursing Services', gradeLevel: 'GL 09' };
    const missing = await portal.api.put(url, { token: t.token, body });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toMatchObject({ suggestedSalaryGradeId: 'CONPSS-09-10' });
    const ok = await portal.api.put(url, {
      token: t.token,
      body: { ...body, salaryGradeId: 'CONPSS-09-10' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as MasterRecord).salaryGradeId).toBe('CONPSS-09-10');
    // The same grade: the id is kept when left out.
    const again = await portal.api.put(url, { token: t.token, body: { ...body, fullName: 'Person Edit' } });
    expect(again.statusCode, again.body).toBe(200);
    expect(await record(ids.edit!)).toMatchObject({ grade_level: 'GL 09', salary_grade_id: 'CONPSS-09-10' });
  });

  it('approving a record whose salary grade id names another grade is refused; it stays pending', async () => {
    const res = await portal.api.post(`/api/v1/records/${ids.approve}/validate`, {
      token: t.token,
      body: { decision: 'APPROVE' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Salary Grade ID CONPSS-08-10 names another grade than GL 09. Edit the record to correct it before approving.',
    );
    expect((await record(ids.approve!)).status).toBe('PENDING_GRADE_VALIDATION');
  });

  it('an export is refused while a validated record disagrees, listing it; then generated once corrected', async () => {
    const refused = await portal.api.post('/api/v1/records/export', { token: t.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The payroll cannot be generated: 1 validated record has a Salary Grade ID of another grade: ' +
        'PSNSG3 Person validated (GL 09, CONPSS-08-10). Correct the Salary Grade ID in the master list ' +
        'and upload it again, then generate the export.',
    );
    expect(refused.json().details).toMatchObject({ total: 1 });
    expect((await portal.api.get('/api/v1/records/export-logs', { token: t.token })).json()).toEqual([]);

    // The master list corrected: the salary grade id differs from the last upload, so it applies.
    const csv = csvOf([
      {
        name: 'Person validated',
        psn: 'PSNSG3',
        nin: '62000000003',
        ssid: '',
        grade: 'GL 09',
        dob: '02/01/1980',
      },
    ]);
    const up = await uploadFile(
      portal,
      t.token,
      'fix.csv',
      csv.replace(',08,CONHESS,', ',CONPSS-09-10,CONHESS,'),
    );
    expect(up.statusCode, up.body).toBe(200);
    expect(await record(ids.validated!)).toMatchObject({
      status: 'VALIDATED',
      salary_grade_id: 'CONPSS-09-10',
    });

    const res = await portal.api.post('/api/v1/records/export', { token: t.token });
    expect(res.statusCode, res.body).toBe(202);
    const id = (res.json() as ExportJob).id;
    const job = await waitFor(async () => {
      const logs = (
        await portal.api.get('/api/v1/records/export-logs', { token: t.token })
      ).json() as ExportJob[];
      const found = logs.find((l) => l.id === id);
      return found?.status === 'COMPLETED' || found?.status === 'FAILED' ? found : undefined;
    });
    expect(job.status).toBe('COMPLETED');
    const file = (await portal.api.get(`/api/v1/records/export-logs/${id}/download`, { token: t.token }))
      .body;
    expect(file).toContain('GL 09,CONPSS-09-10');
    expect(file).not.toMatch(/GL 09,CONPSS-08-10/);
  });

  it('the export job refuses too, when a conflict appears after the request was accepted', async () => {
    const repo = new ExportsRepo(portal.db.orm);
    const scope = tenantScope(t.tenant.id);
    const row = await repo.create(scope, { userId: null as never, email: t.email }, false);
    await portal.db.orm.execute(
      sql`update records set salary_grade_id = 'CONPSS-07-01' where id = ${ids.clean}`,
    );
    const run = exportHandler(portal.db.orm, repo, new AuditRepo(portal.db.orm), {
      holdExport: async () => undefined,
    });
    await run({ tenantId: t.tenant.id, exportId: row.id, actorId: null }, {
      log: { error: () => undefined },
    } as never);
    const done = await repo.get(scope, row.id);
    expect(done).toMatchObject({ status: 'FAILED', recordCount: 0 });
    expect(done!.statusMessage).toContain('PSNSG4 Person clean (GL 08, CONPSS-07-01)');
  });
});
