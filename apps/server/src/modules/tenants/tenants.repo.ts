import { sql } from 'drizzle-orm';
import type { Orm } from '../../platform/db.ts';
import { tenants } from '../../db/schema/index.ts';

export interface TenantRow {
  id: string;
  name: string;
  subdomain: string;
  stateCode: string;
  description: string | null;
  identitySourceConfig: unknown;
  createdAt: Date;
}

export interface NewTenant {
  name: string;
  subdomain: string;
  stateCode: string;
  description?: string | null;
  identitySourceConfig?: unknown;
}

/** Note: tenants are platform-level rows; only the global administration and bootstrap reach them. */
export class TenantsRepo {
  constructor(private readonly orm: Orm) {}

  async findBySubdomain(subdomain: string): Promise<TenantRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(tenants)
      .where(sql`lower(${tenants.subdomain}) = ${subdomain.toLowerCase()}`)
      .limit(1);
    return row;
  }

  async insert(tenant: NewTenant, orm: Orm = this.orm): Promise<TenantRow> {
    const [row] = await orm.insert(tenants).values(tenant).returning();
    return row!;
  }
}
