import { z } from 'zod';
import { LIMITS } from './limits.ts';

/** Texts of the tenant form (SPEC §5, §8). */
export const TENANT_MESSAGES = {
  required: 'This field is required',
  min: (n: number) => `Must be at least ${n} characters`,
  max: (n: number) => `Cannot exceed ${n} characters`,
  invalid: 'Invalid input',
  subdomainPattern:
    'Subdomain must start and end with alphanumeric characters, and can contain hyphens in between',
  subdomainHint: 'Lowercase letters, numbers, and hyphens only.',
  subdomainTaken: 'This subdomain is already taken',
  subdomainImmutable: 'Subdomain cannot be changed after creation.',
  stateCode: 'State code must be exactly 2 uppercase letters',
  url: 'Please enter a valid URL',
  aesKey: 'AES key must be 32 bytes, written as base64 or hex',
  iv: 'IV must be 16 bytes, written as base64 or hex',
  notFound: 'Tenant not found',
  minWordSimilarity: 'Minimum word similarity must be a number from 0.70 to 0.99',
  accountProviderSecret: 'The client secret is required for a new account name provider',
} as const;

/**
 * The name comparison's settings a global admin sets per tenant (issue #20): the least Jaro-Winkler
 * similarity of a word for 'one letter differs' (0.80 measured by bench:names), and whether a close
 * name (CLOSE) is sent to the mismatch queue like a different one.
 */
export const NAME_MATCH_SETTINGS = {
  minWordSimilarity: { min: 0.7, max: 0.99, default: 0.8 },
  closeIsDifferent: { default: false },
} as const;

/**
 * The legal basis of bulk verification (issue #22), a text the global admin sets per tenant in its
 * provider settings and the tenant admin reads on the Bulk Verification tab. Optional: left empty,
 * the default below is shown, which the tenant should replace with its own (its law or circular).
 */
export const BULK_LEGAL_BASIS = {
  max: 1000,
  default:
    'The state government, as employer, verifies the identity of every person on its payroll with the national identity provider to pay only employees who exist and are entitled to their pay. This processing of NIN and SSID is lawful under the Nigeria Data Protection Act 2023 as a task carried out in the public interest and in the exercise of official authority, and to comply with the state’s legal obligations for public funds.',
} as const;

/** GET /tenant-admin/bulk-verification/legal-basis: the tenant's text, or the default when it has none. */
export const BulkLegalBasisSchema = z.object({ text: z.string(), isDefault: z.boolean() });
export type BulkLegalBasis = z.infer<typeof BulkLegalBasisSchema>;

export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'TRIAL'] as const;
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const DEFAULT_PROVIDER = 'OPTIMA';
const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
/** A subdomain a tenant can have: its length and SUBDOMAIN_PATTERN. */
export const isValidSubdomain = (s: string) =>
  s.length >= LIMITS.subdomainMin && s.length <= LIMITS.subdomainMax && SUBDOMAIN_PATTERN.test(s);
const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/** Byte length of a key written as hex or base64, or undefined when it is neither. */
export function keyByteLength(value: string): number | undefined {
  const v = value.trim();
  if (/^[0-9a-f]+$/i.test(v) && v.length % 2 === 0) return v.length / 2;
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && v.length % 4 === 0) {
    const padding = v.endsWith('==') ? 2 : v.endsWith('=') ? 1 : 0;
    return (v.length / 4) * 3 - padding;
  }
  return undefined;
}

const requiredText = (max?: number, min = 1) => {
  let s = z.string({ error: TENANT_MESSAGES.required }).trim().min(1, TENANT_MESSAGES.required);
  if (min > 1) s = s.min(min, TENANT_MESSAGES.min(min));
  if (max) s = s.max(max, TENANT_MESSAGES.max(max));
  return s;
};
const urlText = () => requiredText(2000).regex(URL_PATTERN, TENANT_MESSAGES.url);
const optionalUrl = z
  .string()
  .trim()
  .max(2000, TENANT_MESSAGES.max(2000))
  .refine((v) => v === '' || URL_PATTERN.test(v), TENANT_MESSAGES.url)
  .optional();
/** A secret that may be left blank (keep the stored one, or none). */
const optionalSecret = z.string().trim().max(4000, TENANT_MESSAGES.max(4000)).optional();
const keyOf = (bytes: number, message: string) =>
  optionalSecret.refine((v) => !v || keyByteLength(v) === bytes, message);

const tenantFields = {
  name: requiredText(LIMITS.tenantNameMax, LIMITS.tenantNameMin),
  subdomain: requiredText(LIMITS.subdomainMax, LIMITS.subdomainMin).regex(
    SUBDOMAIN_PATTERN,
    TENANT_MESSAGES.subdomainPattern,
  ),
  stateCode: z
    .string({ error: TENANT_MESSAGES.required })
    .trim()
    .min(1, TENANT_MESSAGES.required)
    .regex(/^[A-Z]{2}$/, TENANT_MESSAGES.stateCode),
  description: z
    .string()
    .trim()
    .max(LIMITS.descriptionMax, TENANT_MESSAGES.max(LIMITS.descriptionMax))
    .optional(),
  subscriptionStatus: SubscriptionStatusSchema.default('TRIAL'),
  providerName: requiredText(50).default(DEFAULT_PROVIDER),
  apiBaseUrl: urlText(),
  validationUrl: optionalUrl,
  clientId: requiredText(200),
  clientSecretEncrypted: optionalSecret,
  aesKey: keyOf(32, TENANT_MESSAGES.aesKey),
  iv: keyOf(16, TENANT_MESSAGES.iv),
  /** Left out: the stored setting (or the default) stays. */
  minWordSimilarity: z
    .number({ error: TENANT_MESSAGES.minWordSimilarity })
    .min(NAME_MATCH_SETTINGS.minWordSimilarity.min, TENANT_MESSAGES.minWordSimilarity)
    .max(NAME_MATCH_SETTINGS.minWordSimilarity.max, TENANT_MESSAGES.minWordSimilarity)
    .optional(),
  closeIsDifferent: z.boolean().optional(),
  /** Left out: the stored text stays; empty: none (the default is shown). */
  legalBasis: z
    .string()
    .trim()
    .max(BULK_LEGAL_BASIS.max, TENANT_MESSAGES.max(BULK_LEGAL_BASIS.max))
    .optional(),
};

/**
 * The account name provider (issue #36 item 2): where the portal asks which name a bank account is
 * held in (the name-enquiry protocol, packages/optima/src/name-enquiry/PROTOCOL.md), reached like
 * the identity provider with client credentials. The secret is write-only: blank keeps the stored
 * one (a new provider needs one: the server says so).
 */
export const AccountProviderInputSchema = z.object({
  apiBaseUrl: urlText(),
  clientId: requiredText(200),
  clientSecret: optionalSecret,
});
export type AccountProviderInput = z.input<typeof AccountProviderInputSchema>;

const blank = (value: string | undefined) => !value?.trim();

/**
 * The tenant form's account provider: left out, the stored one stays; null, or every field blank
 * (the form's empty section), none (a stored one is removed); else AccountProviderInputSchema's rules.
 */
const accountProviderField = z
  .object({
    apiBaseUrl: z.string().trim().max(2000, TENANT_MESSAGES.max(2000)).optional(),
    clientId: z.string().trim().max(200, TENANT_MESSAGES.max(200)).optional(),
    clientSecret: optionalSecret,
  })
  .superRefine((v, ctx) => {
    if (blank(v.apiBaseUrl) && blank(v.clientId) && blank(v.clientSecret)) return;
    if (blank(v.apiBaseUrl))
      ctx.addIssue({ code: 'custom', path: ['apiBaseUrl'], message: TENANT_MESSAGES.required });
    else if (!URL_PATTERN.test(v.apiBaseUrl!))
      ctx.addIssue({ code: 'custom', path: ['apiBaseUrl'], message: TENANT_MESSAGES.url });
    if (blank(v.clientId))
      ctx.addIssue({ code: 'custom', path: ['clientId'], message: TENANT_MESSAGES.required });
  })
  .transform((v): z.output<typeof AccountProviderInputSchema> | null =>
    blank(v.apiBaseUrl) && blank(v.clientId) && blank(v.clientSecret)
      ? null
      : { apiBaseUrl: v.apiBaseUrl!, clientId: v.clientId!, clientSecret: v.clientSecret || undefined },
  )
  .nullable()
  .optional();

/** Create: aesKey and iv are required; the client secret is optional (SPEC §5). */
export const TenantCreateSchema = z.object({
  ...tenantFields,
  accountProvider: accountProviderField,
  aesKey: tenantFields.aesKey.refine((v) => Boolean(v), TENANT_MESSAGES.required),
  iv: tenantFields.iv.refine((v) => Boolean(v), TENANT_MESSAGES.required),
});
export type TenantCreate = z.input<typeof TenantCreateSchema>;

/** Update: a blank secret keeps the stored one; the subdomain cannot change. */
export const TenantUpdateSchema = z.object({ ...tenantFields, accountProvider: accountProviderField });
export type TenantUpdate = z.input<typeof TenantUpdateSchema>;

/** What a browser may see of the provider settings: never the secrets, only whether each is set. */
export const PublicIdentitySourceConfigSchema = z.object({
  providerName: z.string(),
  apiBaseUrl: z.string(),
  clientId: z.string(),
  validationUrl: z.string().nullable(),
  secretsSet: z.object({ clientSecret: z.boolean(), aesKey: z.boolean(), iv: z.boolean() }),
  minWordSimilarity: z.number(),
  closeIsDifferent: z.boolean(),
  /** The tenant's legal basis for bulk verification; null: none set, BULK_LEGAL_BASIS.default applies. */
  legalBasis: z.string().nullable(),
});
export type PublicIdentitySourceConfig = z.infer<typeof PublicIdentitySourceConfigSchema>;

/** What a browser may see of the account name provider: never the secret, only whether it is set. */
export const PublicAccountProviderSchema = z.object({
  apiBaseUrl: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
});
export type PublicAccountProvider = z.infer<typeof PublicAccountProviderSchema>;

export const TenantSchema = z.object({
  id: z.string(),
  name: z.string(),
  subdomain: z.string(),
  stateCode: z.string(),
  description: z.string().nullable(),
  subscriptionStatus: SubscriptionStatusSchema,
  /** JSON string of PublicIdentitySourceConfig (SPEC §3 keeps it a string), or null when not set. */
  identitySourceConfig: z.string().nullable(),
  /** The account name provider (issue #36), or null when not set. */
  accountProvider: PublicAccountProviderSchema.nullable(),
  createdAt: z.string(),
});
export type Tenant = z.infer<typeof TenantSchema>;

export const TestConnectionResultSchema = z.object({ ok: z.boolean(), message: z.string() });
export type TestConnectionResult = z.infer<typeof TestConnectionResultSchema>;

export const PlatformOverviewSchema = z.object({
  systemHealth: z.object({
    overallStatus: z.enum(['Operational', 'Degraded']),
    /** Percent of the last 7 days (since the first start, if later) in which the API was up. */
    apiUptime7dPercent: z.number(),
    avgResponseTimeMs: z.number(),
    errorRate24hPercent: z.number(),
  }),
  platform: z.object({
    activeTenants: z.number(),
    verifications30d: z.number(),
    totalRegisteredUsers: z.number(),
    subscriptions: z.object({ active: z.number(), trial: z.number() }),
  }),
});
export type PlatformOverview = z.infer<typeof PlatformOverviewSchema>;
