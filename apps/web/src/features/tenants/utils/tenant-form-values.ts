import {
  DEFAULT_PROVIDER,
  NAME_MATCH_SETTINGS,
  type PublicIdentitySourceConfig,
  type SubscriptionStatus,
  type Tenant,
  type TenantCreate,
  type TenantCreateSchema,
} from '@portal/contract/tenants';
import type { z } from 'zod';
import { parseIdentitySourceConfig } from './identity-source-config.ts';

/** What the tenant form holds (TenantCreate and TenantUpdate take the same fields). */
export type TenantFormInput = TenantCreate;
/** What it submits: the schema's output (trimmed, defaults applied). */
export type TenantFormOutput = z.output<typeof TenantCreateSchema>;

/** Every field of the form filled in, as it starts. */
export interface TenantFormValues {
  name: string;
  subdomain: string;
  stateCode: string;
  description: string;
  subscriptionStatus: SubscriptionStatus;
  providerName: string;
  apiBaseUrl: string;
  validationUrl: string;
  clientId: string;
  clientSecretEncrypted: string;
  aesKey: string;
  iv: string;
  /** The name comparison's settings (issue #20). */
  minWordSimilarity: number;
  closeIsDifferent: boolean;
  /** The legal basis of bulk verification (issue #22); empty: the default is shown. */
  legalBasis: string;
  /** The account name provider (issue #36); all blank: none. The secret starts blank (write-only). */
  accountProvider: { apiBaseUrl: string; clientId: string; clientSecret: string };
}

/** The account name provider's fields, by their path in the form (and in the server's 400 details). */
export const ACCOUNT_PROVIDER_FIELDS = [
  'accountProvider.apiBaseUrl',
  'accountProvider.clientId',
  'accountProvider.clientSecret',
] as const;

/** A field of the form: a value's name, or an account provider field's path. */
export type TenantFormField =
  Exclude<keyof TenantFormValues, 'accountProvider'> | (typeof ACCOUNT_PROVIDER_FIELDS)[number];

export const TENANT_FORM_FIELDS = [
  'name',
  'subdomain',
  'stateCode',
  'description',
  'subscriptionStatus',
  'providerName',
  'apiBaseUrl',
  'validationUrl',
  'clientId',
  'clientSecretEncrypted',
  'aesKey',
  'iv',
  'minWordSimilarity',
  'closeIsDifferent',
  'legalBasis',
  ...ACCOUNT_PROVIDER_FIELDS,
] as const satisfies readonly TenantFormField[];

export function isTenantFormField(field: string): field is TenantFormField {
  return (TENANT_FORM_FIELDS as readonly string[]).includes(field);
}

export type SecretsSet = PublicIdentitySourceConfig['secretsSet'];

/** Whether each stored secret is set; null without a readable config (nothing is stored). */
export function secretsSetOf(tenant: Tenant): SecretsSet | null {
  const parsed = parseIdentitySourceConfig(tenant.identitySourceConfig);
  if (parsed.status !== 'ok') return null;
  const set = parsed.config.secretsSet;
  return {
    clientSecret: Boolean(set?.clientSecret),
    aesKey: Boolean(set?.aesKey),
    iv: Boolean(set?.iv),
  };
}

/**
 * Empty values for a new tenant, or the tenant's own for editing. Secrets are never sent to the
 * browser, so they start blank (blank keeps the stored value).
 */
export function tenantFormDefaults(tenant?: Tenant): TenantFormValues {
  const parsed = tenant ? parseIdentitySourceConfig(tenant.identitySourceConfig) : undefined;
  const config = parsed?.status === 'ok' ? parsed.config : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    name: tenant?.name ?? '',
    subdomain: tenant?.subdomain ?? '',
    stateCode: tenant?.stateCode ?? '',
    description: tenant?.description ?? '',
    subscriptionStatus: tenant?.subscriptionStatus ?? 'TRIAL',
    providerName: text(config.providerName) || DEFAULT_PROVIDER,
    apiBaseUrl: text(config.apiBaseUrl),
    validationUrl: text(config.validationUrl),
    clientId: text(config.clientId),
    clientSecretEncrypted: '',
    aesKey: '',
    iv: '',
    minWordSimilarity:
      typeof config.minWordSimilarity === 'number'
        ? config.minWordSimilarity
        : NAME_MATCH_SETTINGS.minWordSimilarity.default,
    closeIsDifferent:
      typeof config.closeIsDifferent === 'boolean'
        ? config.closeIsDifferent
        : NAME_MATCH_SETTINGS.closeIsDifferent.default,
    legalBasis: text(config.legalBasis),
    accountProvider: {
      apiBaseUrl: tenant?.accountProvider?.apiBaseUrl ?? '',
      clientId: tenant?.accountProvider?.clientId ?? '',
      clientSecret: '',
    },
  };
}
