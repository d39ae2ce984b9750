import { eq, sql } from 'drizzle-orm';
import type { Role, UserStatus } from '@portal/contract/roles';
import type { Orm } from '../platform/db.ts';
import { asPlatform, withTenant } from '../platform/tenant-context.ts';
import { tenantTimeZone, zoneOrDefault } from '../platform/tenant-time-zone.ts';
import { tenantSettings, tenants, users } from '../db/schema/index.ts';

/**
 * What a token is checked against: the user's row as it stands now, with their tenant's name and
 * time zone (the platform's for no tenant).
 */
export interface TokenHolder {
  id: string;
  tenantId: string | null;
  tenantName: string | null;
  timeZone: string;
  fullName: string;
  email: string;
  role: Role;
  status: UserStatus;
  tokenVersion: number;
}

/**
 * What access/ reads to decide who is calling and which tenant a public screen belongs to.
 * Note: unscoped on purpose: both are read before any tenant is known (a token names a user of
 * any tenant; a subdomain names the tenant). The token's user is read in the platform's context
 * (row-level security, DECISIONS 110); tenants have no tenant_id, so no policy.
 */
export class AccessRepo {
  constructor(private readonly orm: Orm) {}

  async tokenHolder(userId: string): Promise<TokenHolder | undefined> {
    const [row] = await asPlatform(
      async () =>
        await this.orm
          .select({
            id: users.id,
            tenantId: users.tenantId,
            tenantName: tenants.name,
            zone: sql<string | null>`${tenantSettings.settings} ->> 'timeZone'`,
            fullName: users.fullName,
            email: users.email,
            role: users.role,
            status: users.status,
            tokenVersion: users.tokenVersion,
          })
          .from(users)
          .leftJoin(tenants, eq(tenants.id, users.tenantId))
          .leftJoin(tenantSettings, eq(tenantSettings.tenantId, users.tenantId))
          .where(eq(users.id, userId))
          .limit(1),
    );
    if (!row) return undefined;
    const { zone, ...holder } = row;
    return { ...holder, timeZone: zoneOrDefault(zone) } as TokenHolder;
  }

  async tenantIdBySubdomain(subdomain: string): Promise<string | undefined> {
    const [row] = await this.orm
      .select({ id: tenants.id })
      .from(tenants)
      .where(sql`lower(${tenants.subdomain}) = ${subdomain.toLowerCase()}`)
      .limit(1);
    return row?.id;
  }

  /** The platform's tenant when it has exactly one, else undefined. */
  async tenantName(tenantId: string): Promise<string | undefined> {
    const [row] = await this.orm
      .select({ name: tenants.name })
      .from(tenants)
      .where(eq(tenants.id, tenantId))
      .limit(1);
    return row?.name;
  }

  /** The tenant's time zone (issue #31 item 12), read in the tenant's context. */
  timeZone(tenantId: string): Promise<string> {
    return withTenant(tenantId, () => tenantTimeZone(this.orm, tenantId));
  }

  async onlyTenantId(): Promise<string | undefined> {
    const rows = await this.orm.select({ id: tenants.id }).from(tenants).limit(2);
    return rows.length === 1 ? rows[0]!.id : undefined;
  }
}
