import { eq } from 'drizzle-orm';
import type { Orm } from '../../platform/db.ts';
import { tenants } from '../../db/schema/index.ts';

/** As stored in tenants.sms_gateway_config: the password sealed (platform/secrets.ts). */
export interface StoredSmsGateway {
  host: string;
  port: number;
  systemId: string;
  senderId: string;
  password: string;
}

/** A tenant's SMS gateway as stored (issue #33). */
export class SmsGatewayRepo {
  constructor(readonly orm: Orm) {}

  /** Whether the tenant exists, and its gateway (null when not set). */
  async stored(tenantId: string): Promise<{ found: boolean; gateway: StoredSmsGateway | null }> {
    const [row] = await this.orm
      .select({ cfg: tenants.smsGatewayConfig })
      .from(tenants)
      .where(eq(tenants.id, tenantId));
    return { found: row !== undefined, gateway: (row?.cfg as StoredSmsGateway | null) ?? null };
  }

  async save(tx: Orm, tenantId: string, gateway: StoredSmsGateway): Promise<void> {
    await tx.update(tenants).set({ smsGatewayConfig: gateway }).where(eq(tenants.id, tenantId));
  }

  transaction<T>(fn: (tx: Orm) => Promise<T>): Promise<T> {
    return this.orm.transaction(fn);
  }
}
