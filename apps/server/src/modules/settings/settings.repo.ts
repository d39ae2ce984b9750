import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';

/** The tenant's settings document as stored (the service reads it through the contract's schema). */
export class SettingsRepo {
  constructor(private readonly orm: Orm) {}

  async read(scope: TenantScope, orm: Orm = this.orm): Promise<unknown> {
    const result = await orm.execute<{ settings: unknown }>(sql`
      select settings from tenant_settings where tenant_id = ${scope.tenantId}`);
    return result.rows[0]?.settings ?? {};
  }

  /** The document, locked until the transaction ends (a change reads, merges and writes it). */
  async lock(tx: Orm, scope: TenantScope): Promise<unknown> {
    await tx.execute(sql`
      insert into tenant_settings (tenant_id) values (${scope.tenantId}) on conflict (tenant_id) do nothing`);
    const result = await tx.execute<{ settings: unknown }>(sql`
      select settings from tenant_settings where tenant_id = ${scope.tenantId} for update`);
    return result.rows[0]?.settings ?? {};
  }

  async write(tx: Orm, scope: TenantScope, settings: unknown, userId: string): Promise<void> {
    await tx.execute(sql`
      update tenant_settings set settings = ${JSON.stringify(settings)}::jsonb, updated_by = ${userId}, updated_at = now()
      where tenant_id = ${scope.tenantId}`);
  }

  transaction<T>(fn: (tx: Orm) => Promise<T>): Promise<T> {
    return this.orm.transaction(fn);
  }
}
