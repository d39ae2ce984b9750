import { eq, isNotNull, or } from 'drizzle-orm';
import type { Orm } from '../../platform/db.ts';
import { tenants } from '../../db/schema/index.ts';
import type { StoredAccountProviderConfig } from '../identity/account-provider-settings.ts';
import type { StoredIdentitySourceConfig } from '../identity/provider-settings.ts';
import type { StoredSmsGateway } from './sms-gateway.repo.ts';

/** A tenant's settings that hold sealed secrets, as stored. */
export interface SealedSettings {
  id: string;
  identitySourceConfig: StoredIdentitySourceConfig | null;
  smsGatewayConfig: StoredSmsGateway | null;
  accountProviderConfig: StoredAccountProviderConfig | null;
}

/**
 * Every tenant's sealed settings, for re-sealing them under a new PORTAL_SECRET. Note: unscoped on
 * purpose (platform rows, read at start as the platform), like TenantsRepo.
 */
export class SealedSecretsRepo {
  constructor(private readonly orm: Orm) {}

  transaction<T>(fn: (tx: Orm) => Promise<T>): Promise<T> {
    return this.orm.transaction(fn);
  }

  /** Locked until the transaction ends: two processes starting at once re-seal a tenant once. */
  async lockAll(tx: Orm): Promise<SealedSettings[]> {
    return (await tx
      .select({
        id: tenants.id,
        identitySourceConfig: tenants.identitySourceConfig,
        smsGatewayConfig: tenants.smsGatewayConfig,
        accountProviderConfig: tenants.accountProviderConfig,
      })
      .from(tenants)
      .where(
        or(
          isNotNull(tenants.identitySourceConfig),
          isNotNull(tenants.smsGatewayConfig),
          isNotNull(tenants.accountProviderConfig),
        ),
      )
      .orderBy(tenants.id)
      .for('update')) as SealedSettings[];
  }

  async save(tx: Orm, row: SealedSettings): Promise<void> {
    await tx
      .update(tenants)
      .set({
        identitySourceConfig: row.identitySourceConfig,
        smsGatewayConfig: row.smsGatewayConfig,
        accountProviderConfig: row.accountProviderConfig,
      })
      .where(eq(tenants.id, row.id));
  }
}
