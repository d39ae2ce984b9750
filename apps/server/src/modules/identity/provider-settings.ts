import { BULK_LEGAL_BASIS, NAME_MATCH_SETTINGS, type BulkLegalBasis } from '@portal/contract/tenants';
import type { SecretBox } from '../../platform/secrets.ts';
import type { OptimaSettings } from './optima-client.ts';

/** A tenant's provider settings as stored: the three secrets sealed with AES-256-GCM (platform/secrets.ts). */
export interface StoredIdentitySourceConfig {
  providerName: string;
  apiBaseUrl: string;
  clientId: string;
  validationUrl: string | null;
  clientSecret: string | null;
  aesKey: string | null;
  iv: string | null;
  /** The name comparison's settings (issue #20); absent in settings stored before them: the defaults. */
  minWordSimilarity?: number;
  closeIsDifferent?: boolean;
  /** The legal basis of bulk verification (issue #22); absent or null: the default is shown. */
  legalBasis?: string | null;
}

/** The legal basis a tenant's bulk verification shows: its own text, else the default. */
export function legalBasisOf(cfg: StoredIdentitySourceConfig | null | undefined): BulkLegalBasis {
  const own = cfg?.legalBasis?.trim();
  return own ? { text: own, isDefault: false } : { text: BULK_LEGAL_BASIS.default, isDefault: true };
}

/** How names are compared for a tenant (the shape of name-match's NameMatchOptions). */
export interface MatchSettings {
  minWordSimilarity: number;
  closeIsDifferent: boolean;
}

/** A tenant's stored name-match settings, the defaults for what is not stored. */
export function matchSettingsOf(cfg: StoredIdentitySourceConfig | null | undefined): MatchSettings {
  return {
    minWordSimilarity: cfg?.minWordSimilarity ?? NAME_MATCH_SETTINGS.minWordSimilarity.default,
    closeIsDifferent: cfg?.closeIsDifferent ?? NAME_MATCH_SETTINGS.closeIsDifferent.default,
  };
}

/** Where every comparison reads the tenant's name-match settings. */
export class TenantMatchSettings {
  constructor(private readonly tenants: StoredProviderSettings) {}

  async forTenant(tenantId: string): Promise<MatchSettings> {
    return matchSettingsOf((await this.tenants.findById(tenantId))?.identitySourceConfig);
  }
}

/** Where the Bulk Verification tab reads the tenant's legal basis. */
export class TenantLegalBasis {
  constructor(private readonly tenants: StoredProviderSettings) {}

  async forTenant(tenantId: string): Promise<BulkLegalBasis> {
    return legalBasisOf((await this.tenants.findById(tenantId))?.identitySourceConfig);
  }
}

/** Where the stored settings are read: the tenants' repository, handed in by the composition root. */
export interface StoredProviderSettings {
  findById(
    tenantId: string,
  ): Promise<{ identitySourceConfig: StoredIdentitySourceConfig | null } | undefined>;
}

export class ProviderNotConfiguredError extends Error {}

/** A tenant's provider settings with its secrets opened, for the provider client only. */
export class ProviderSettings {
  constructor(
    private readonly tenants: StoredProviderSettings,
    private readonly secrets: SecretBox,
  ) {}

  async forTenant(tenantId: string): Promise<OptimaSettings> {
    const cfg = (await this.tenants.findById(tenantId))?.identitySourceConfig;
    if (!cfg || !cfg.aesKey || !cfg.iv) {
      throw new ProviderNotConfiguredError(
        'The identity source of this tenant is not configured (API base URL, client ID, AES key and IV are needed).',
      );
    }
    return {
      apiBaseUrl: cfg.apiBaseUrl,
      clientId: cfg.clientId,
      clientSecret: cfg.clientSecret ? this.secrets.open(cfg.clientSecret) : '',
      aesKey: this.secrets.open(cfg.aesKey),
      iv: this.secrets.open(cfg.iv),
    };
  }

  /** The tenant's name-match settings (the defaults when none are stored). */
  async matchSettings(tenantId: string): Promise<MatchSettings> {
    return matchSettingsOf((await this.tenants.findById(tenantId))?.identitySourceConfig);
  }
}
