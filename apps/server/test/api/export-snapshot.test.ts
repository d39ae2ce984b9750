import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { tenantScope } from '../../src/access/actor.ts';
import { AuditRepo } from '../../src/modules/audit/audit.repo.ts';
import { exportHandler } from '../../src/modules/exports/export.jobs.ts';
import { ExportsRepo } from '../../src/modules/exports/exports.repo.ts';
import { withTenant } from '../../src/platform/tenant-context.ts';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';

/**
 * PostgreSQL only (the project's config leaves it out on PGlite, where the file and its members are
 * read in the export's one transaction): the lines come from COPY on a connection of their own and
 * the members (export_members, issue #22: what the next approver compares with) from a statement on
 * another. Both read the export transaction's exported snapshot, so a decision committed while the
 * export runs is in neither or in both: the file's count, its members and the approver's figures
 * agree record for record.
 */
let portal: TestPortal;
let t: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let ids: string[];

beforeAll(async () => {
  portal = await createTestPortal();
  t = await createTenantWithAdmin(portal);
  ids = await seedRecords(
    portal,
    t.tenant.id,
    Array.from({ length: 6 }, (_, i) => ({
      fullName: `Snapshot Person ${i}`,
      nin: String(64000000000 + i),
      psn: `PSNSNAP${i}`,
      status: 'VALIDATED' as const,
    })),
  );
});
afterAll(async () => {
  await portal?.close();
});

describe('a payroll export reads one moment (PostgreSQL)', () => {
  it('a record rejected while the export runs is in the file and in its members, or in neither', async () => {
    expect(portal.db.kind).toBe('postgres');
    const copyOut = portal.db.copyOut!;
    const repo = new ExportsRepo(portal.db.orm);
    const scope = tenantScope(t.tenant.id);
    const row = await repo.create(scope, { userId: null as never, email: t.email }, false);
    let changed = false;
    // The change commits after the export's transaction began and before its COPY starts.
    const racingCopy = async function* (statement: string, snapshot?: string) {
      await portal.db.orm.execute(sql`update records set status = 'REJECTED' where id = ${ids[0]!}`);
      changed = true;
      yield* copyOut(statement, snapshot);
    };
    const run = exportHandler(
      portal.db.orm,
      repo,
      new AuditRepo(portal.db.orm),
      { holdExport: async () => undefined },
      racingCopy,
    );
    // In the tenant's context, as the job queue runs it (the COPY's connection is the portal's role).
    await withTenant(t.tenant.id, () =>
      run({ tenantId: t.tenant.id, exportId: row.id, actorId: null }, {
        log: { error: () => undefined },
      } as never),
    );
    expect(changed).toBe(true);
    const done = await repo.get(scope, row.id);
    expect(done).toMatchObject({ status: 'COMPLETED', recordCount: 6 });
    const members = await portal.db.orm.execute<{ record_id: string }>(
      sql`select unnest(record_ids) as record_id from export_members where export_id = ${row.id} order by 1`,
    );
    expect(members.rows.map((r) => r.record_id)).toEqual([...ids].sort());
    // The next export, a moment later, no longer carries it.
    const next = await repo.create(scope, { userId: null as never, email: t.email }, false);
    await withTenant(t.tenant.id, () =>
      exportHandler(
        portal.db.orm,
        repo,
        new AuditRepo(portal.db.orm),
        { holdExport: async () => undefined },
        copyOut,
      )({ tenantId: t.tenant.id, exportId: next.id, actorId: null }, {
        log: { error: () => undefined },
      } as never),
    );
    expect(await repo.get(scope, next.id)).toMatchObject({ status: 'COMPLETED', recordCount: 5 });
  });
});
