import type { SecretBox } from '../../platform/secrets.ts';
import type { NameEnquirySettings } from './name-enquiry-client.ts';
import { ProviderNotConfiguredError } from './provider-settings.ts';

/**
 * A tenant's account name provider as stored in tenants.account_provider_config (issue #36 item 2):
 * its client secret sealed with AES-256-GCM (platform/secrets.ts), like the identity provider's.
 */
export interface StoredAccountProviderConfig {
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string | null;
}

/** Where the stored settings are read: the tenants' repository, handed in by the composition root. */
export interface StoredAccountProviders {
  findById(
    tenantId: string,
  ): Promise<{ accountProviderConfig: StoredAccountProviderConfig | null } | undefined>;
}

/** A tenant's account name provider with its secret opened, for the name-enquiry client only. */
export class AccountProviderSettings {
  constructor(
    private readonly tenants: StoredAccountProviders,
    private readonly secrets: SecretBox,
  ) {}

  async forTenant(tenantId: string): Promise<NameEnquirySettings> {
    const cfg = (await this.tenants.findById(tenantId))?.accountProviderConfig;
    if (!cfg || !cfg.clientSecret) {
      throw new ProviderNotConfiguredError(
        'The account name provider of this tenant is not configured (API base URL, client ID and client secret are needed).',
      );
    }
    return {
      apiBaseUrl: cfg.apiBaseUrl,
      clientId: cfg.clientId,
      clientSecret: this.secrets.open(cfg.clientSecret),
    };
  }
}
