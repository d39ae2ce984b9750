import { asc, eq, sql } from 'drizzle-orm';
import type { Orm } from '../../platform/db.ts';
import { tenants, users } from '../../db/schema/index.ts';
import type { StoredAccountProviderConfig } from '../identity/account-provider-settings.ts';
import type { StoredIdentitySourceConfig } from '../identity/provider-settings.ts';

export interface TenantRow {
  id: string;
  name: string;
  subdomain: string;
  stateCode: string;
  description: string | null;
  subscriptionStatus: string;
  identitySourceConfig: StoredIdentitySourceConfig | null;
  accountProviderConfig: StoredAccountProviderConfig | null;
  createdAt: Date;
}

export interface NewTenant {
  name: string;
  subdomain: string;
  stateCode: string;
  description?: string | null;
  subscriptionStatus?: string;
  identitySourceConfig?: StoredIdentitySourceConfig | null;
  accountProviderConfig?: StoredAccountProviderConfig | null;
}

const columns = {
  id: tenants.id,
  name: tenants.name,
  subdomain: tenants.subdomain,
  stateCode: tenants.stateCode,
  description: tenants.description,
  subscriptionStatus: tenants.subscriptionStatus,
  identitySourceConfig: tenants.identitySourceConfig,
  accountProviderConfig: tenants.accountProviderConfig,
  createdAt: tenants.createdAt,
};

/**
 * Note: unscoped on purpose. Tenants are platform rows: only the global administration (role
 * GLOBAL_SUPER_ADMIN, checked in access/), bootstrap and the public tenant resolution reach them.
 */
export class TenantsRepo {
  constructor(private readonly orm: Orm) {}

  async list(): Promise<TenantRow[]> {
    return (await this.orm.select(columns).from(tenants).orderBy(asc(tenants.createdAt))) as TenantRow[];
  }

  async findById(id: string): Promise<TenantRow | undefined> {
    const [row] = await this.orm.select(columns).from(tenants).where(eq(tenants.id, id)).limit(1);
    return row as TenantRow | undefined;
  }

  async findBySubdomain(subdomain: string): Promise<TenantRow | undefined> {
    const [row] = await this.orm
      .select(columns)
      .from(tenants)
      .where(sql`lower(${tenants.subdomain}) = ${subdomain.toLowerCase()}`)
      .limit(1);
    return row as TenantRow | undefined;
  }

  async insert(tenant: NewTenant, orm: Orm = this.orm): Promise<TenantRow> {
    const [row] = await orm.insert(tenants).values(tenant).returning(columns);
    return row as TenantRow;
  }

  async update(
    id: string,
    patch: Omit<NewTenant, 'subdomain'>,
    orm: Orm = this.orm,
  ): Promise<TenantRow | undefined> {
    const [row] = await orm
      .update(tenants)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(tenants.id, id))
      .returning(columns);
    return row as TenantRow | undefined;
  }

  /** Removes the tenant; every tenant-owned table references it with ON DELETE CASCADE. */
  async delete(id: string, orm: Orm = this.orm): Promise<boolean> {
    const rows = await orm.delete(tenants).where(eq(tenants.id, id)).returning({ id: tenants.id });
    return rows.length > 0;
  }

  async users(tenantId: string) {
    return this.orm
      .select({
        id: users.id,
        fullName: users.fullName,
        email: users.email,
        role: users.role,
        status: users.status,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.tenantId, tenantId))
      .orderBy(asc(users.createdAt));
  }

  async transaction<T>(fn: (tx: Orm) => Promise<T>): Promise<T> {
    return this.orm.transaction(fn);
  }
}
