import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditEvents, records, users } from '../../src/db/schema/index.ts';
import { openDatabase, type Database } from '../../src/platform/db.ts';
import { asPlatform, withTenant } from '../../src/platform/tenant-context.ts';
import { seedRecords } from '../helpers/records.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { appRoleUrl, createTestPortal, type TestPortal } from '../helpers/test-portal.ts';

/**
 * Row-level security (issue #18 item 11, DECISIONS 110-112), PostgreSQL only: the portal's role
 * is held by the policies whatever its queries forget. These queries forget the tenant on purpose.
 */
describe('row-level security on PostgreSQL', () => {
  let portal: TestPortal;
  let app: Database; // the database as the portal's own role, through its pool
  let tenantA: string;
  let tenantB: string;
  let recordOfB: string;

  beforeAll(async () => {
    portal = await createTestPortal();
    expect(portal.databaseUrl, 'runs on PostgreSQL only (TEST_DATABASE_URL)').toBeTruthy();
    tenantA = (await createTenantWithAdmin(portal)).tenant.id;
    tenantB = (await createTenantWithAdmin(portal)).tenant.id;
    await seedRecords(portal, tenantA, [{ fullName: 'Ada Obi', nin: '11111111111', psn: 'PSN-A1' }]);
    const seededB = await seedRecords(portal, tenantB, [
      { fullName: 'Bola Ade', nin: '22222222222', psn: 'PSN-B1' },
      { fullName: 'Chike Eze', nin: '33333333333', psn: 'PSN-B2' },
    ]);
    recordOfB = seededB[0]!;
    app = await openDatabase({ databaseUrl: appRoleUrl(portal.databaseUrl!), dataDir: portal.dataDir });
  });

  afterAll(async () => {
    await app?.close();
    await portal?.close();
  });

  /** The database's answer to a statement that must be refused (drizzle wraps it as the cause). */
  const refusal = (statement: Promise<unknown>) =>
    statement.then(
      () => 'accepted',
      (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
    );

  const tenantsOf = async (rows: Promise<{ tenantId: string | null }[]>) =>
    [...new Set((await rows).map((r) => r.tenantId))].sort();

  it("a query that forgot its tenant predicate reads nothing of another tenant's", async () => {
    await withTenant(tenantA, async () => {
      expect(await tenantsOf(app.orm.select({ tenantId: records.tenantId }).from(records))).toEqual([
        tenantA,
      ]);
      expect(await tenantsOf(app.orm.select({ tenantId: users.tenantId }).from(users))).toEqual([tenantA]);
      const events = await tenantsOf(app.orm.select({ tenantId: auditEvents.tenantId }).from(auditEvents));
      expect(events).not.toContain(tenantB);
      const byId = await app.orm.execute(sql`select id from records where id = ${recordOfB}`);
      expect(byId.rows).toEqual([]);
    });
    // In a transaction and on a COPY connection alike.
    await withTenant(tenantA, () =>
      app.copyTransaction(async (tx) => {
        const counted = await tx.execute<{ n: number }>(sql`select count(*)::int as n from records`);
        expect(counted.rows[0]!.n).toBe(1);
      }),
    );
  });

  it("refuses to write another tenant's rows", async () => {
    await withTenant(tenantA, async () => {
      expect(
        await refusal(
          app.orm.execute(sql`
          insert into ministries (tenant_id, name) values (${tenantB}, 'Planted from A')`),
        ),
      ).toMatch(/row-level security/);
      const updated = await app.orm.execute(sql`update records set full_name = 'X' where id = ${recordOfB}`);
      expect(updated.rowCount).toBe(0);
      const deleted = await app.orm.execute(sql`delete from records where tenant_id = ${tenantB}`);
      expect(deleted.rowCount).toBe(0);
      expect(
        await refusal(
          app.orm.execute(sql`update records set tenant_id = ${tenantB} where tenant_id = ${tenantA}`),
        ),
      ).toMatch(/row-level security/);
    });
    const [still] = await portal.db.orm
      .select()
      .from(records)
      .where(sql`id = ${recordOfB}`);
    expect(still!.fullName).toBe('Bola Ade');
  });

  it("sees no tenant's rows without a context, and every tenant's as the platform", async () => {
    expect(await app.orm.select({ tenantId: records.tenantId }).from(records)).toEqual([]);
    expect(await app.orm.select({ id: users.id }).from(users)).toEqual([]);
    expect(
      await refusal(
        app.orm.execute(sql`insert into ministries (tenant_id, name) values (${tenantA}, 'No context')`),
      ),
    ).toMatch(/row-level security/);
    const all = await asPlatform(
      async () => await tenantsOf(app.orm.select({ tenantId: records.tenantId }).from(records)),
    );
    expect(all).toEqual([tenantA, tenantB].sort());
    // A connection that last served tenant A serves a caller without a context: nothing.
    await withTenant(tenantA, async () => await app.orm.execute(sql`select 1`));
    expect(await app.orm.select({ tenantId: records.tenantId }).from(records)).toEqual([]);
  });

  it('connects as a role that is no superuser and owns nothing', async () => {
    const role = await app.orm.execute<{ rolsuper: boolean; rolbypassrls: boolean; owned: number }>(sql`
      select r.rolsuper, r.rolbypassrls,
        (select count(*)::int from pg_class where relowner = r.oid)
        + (select count(*)::int from pg_namespace where nspowner = r.oid)
        + (select count(*)::int from pg_proc where proowner = r.oid) as owned
      from pg_roles r where r.rolname = current_user`);
    expect(role.rows).toEqual([{ rolsuper: false, rolbypassrls: false, owned: 0 }]);
  });

  it("the cross-tenant index is the platform's: no tenant reads or writes it, even its own rows", async () => {
    await asPlatform(
      async () =>
        await app.orm.execute(sql`
        insert into cross_tenant_index (record_id, kind, owner_tenant_id, digest)
        values (${recordOfB}, 'NIN', ${tenantB}, '\\x00'::bytea) on conflict do nothing`),
    );
    const count = (table: string) =>
      app.orm.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
    for (const tenant of [tenantA, tenantB])
      await withTenant(tenant, async () => {
        for (const table of ['cross_tenant_index', 'cross_tenant_stale', 'cross_tenant_index_key'])
          expect((await count(table)).rows[0]!.n, `${table} as a tenant`).toBe(0);
        expect(
          await refusal(
            app.orm.execute(sql`
              insert into cross_tenant_index (record_id, kind, owner_tenant_id, digest)
              values (${recordOfB}, 'BVN', ${tenant}, '\\x01'::bytea)`),
          ),
        ).toMatch(/row-level security/);
        const deleted = await app.orm.execute(sql`delete from cross_tenant_index`);
        expect(deleted.rowCount).toBe(0);
        // The rebuild runs as the owner, in the platform's context only (migration 0061).
        expect(
          await refusal(
            app.orm.execute(sql`select cross_tenant_index_rebuild('\\x00', '\\x00', '{}', '{}')`),
          ),
        ).toMatch(/platform's context only/);
      });
    expect((await count('cross_tenant_index')).rows[0]!.n).toBe(0);
    expect((await asPlatform(async () => await count('cross_tenant_index'))).rows[0]!.n).toBeGreaterThan(0);
    // The records' triggers mark a tenant's changed records from its own statements (as the owner).
    await withTenant(tenantA, async () => {
      const updated = await app.orm.execute(
        sql`update records set nin = '11111111112' where tenant_id = ${tenantA}`,
      );
      expect(updated.rowCount).toBe(1);
    });
    const stale = await asPlatform(
      async () =>
        await app.orm.execute<{ n: number }>(
          sql`select count(*)::int as n from cross_tenant_stale where owner_tenant_id = ${tenantA}`,
        ),
    );
    expect(stale.rows[0]!.n).toBe(1);
  });

  it("every table with a tenant_id, and an export's file, has row-level security enabled, forced and its policy", async () => {
    const tables = await portal.db.orm.execute<{
      table: string;
      enabled: boolean;
      forced: boolean;
      policies: number;
    }>(sql`
      select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
        (select count(*)::int from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
        and (exists (select from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
          -- an export's file and members, seen with their export; a suspension's people, with it
          or c.relname in ('export_chunks', 'export_members', 'campaign_suspension_records'))
      order by 1`);
    expect(tables.rows.length).toBeGreaterThan(20);
    const unsecured = tables.rows.filter((t) => !t.enabled || !t.forced || t.policies !== 1);
    expect(unsecured).toEqual([]);
  });
});
