import { isValidSubdomain, type TenantCreateSchema, type TenantUpdateSchema } from '@portal/contract/tenants';
import {
  DEFAULT_PROVIDER,
  TENANT_MESSAGES,
  type PublicIdentitySourceConfig,
  type Tenant,
  type TestConnectionResult,
} from '@portal/contract/tenants';
import type { z } from 'zod';
import type { Actor } from '../../access/actor.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import { matchSettingsOf, type StoredIdentitySourceConfig } from '../identity/provider-settings.ts';
import type { StoredAccountProviderConfig } from '../identity/account-provider-settings.ts';
import { NameEnquiryClient } from '../identity/name-enquiry-client.ts';
import { requestProviderToken } from '../identity/provider-token.ts';
import type { SettingsRecompare } from '../verification/settings-recompare.ts';
import type { TenantRow, TenantsRepo } from './tenants.repo.ts';

type CreateInput = z.output<typeof TenantCreateSchema>;
type UpdateInput = z.output<typeof TenantUpdateSchema>;

/** The tenant as a browser may see it: provider secrets replaced by whether each is set. */
export function toPublicTenant(row: TenantRow): Tenant {
  const cfg = row.identitySourceConfig;
  const publicConfig: PublicIdentitySourceConfig | null = cfg
    ? {
        providerName: cfg.providerName,
        apiBaseUrl: cfg.apiBaseUrl,
        clientId: cfg.clientId,
        validationUrl: cfg.validationUrl,
        secretsSet: {
          clientSecret: Boolean(cfg.clientSecret),
          aesKey: Boolean(cfg.aesKey),
          iv: Boolean(cfg.iv),
        },
        ...matchSettingsOf(cfg),
        legalBasis: cfg.legalBasis?.trim() || null,
      }
    : null;
  return {
    id: row.id,
    name: row.name,
    subdomain: row.subdomain,
    stateCode: row.stateCode,
    description: row.description,
    subscriptionStatus: row.subscriptionStatus === 'ACTIVE' ? 'ACTIVE' : 'TRIAL',
    identitySourceConfig: publicConfig ? JSON.stringify(publicConfig) : null,
    accountProvider: row.accountProviderConfig
      ? {
          apiBaseUrl: row.accountProviderConfig.apiBaseUrl,
          clientId: row.accountProviderConfig.clientId,
          clientSecretSet: Boolean(row.accountProviderConfig.clientSecret),
        }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** For the audit trail: what changed, never a secret. */
function auditView(row: TenantRow) {
  const { identitySourceConfig, ...rest } = toPublicTenant(row);
  return { ...rest, identitySourceConfig: identitySourceConfig ? JSON.parse(identitySourceConfig) : null };
}

export class TenantsService {
  constructor(
    private readonly tenants: TenantsRepo,
    private readonly audit: AuditRepo,
    private readonly secrets: SecretBox,
    /** ALLOW_PRIVATE_PROVIDER_URLS: the connection test may reach non-public addresses. */
    private readonly allowPrivateProviderAddresses: boolean,
    /** Moves records between the review queues when the name-match settings change. */
    private readonly recompare: Pick<SettingsRecompare, 'run'>,
  ) {}

  async list(): Promise<Tenant[]> {
    return (await this.tenants.list()).map(toPublicTenant);
  }

  /** False for a subdomain no tenant can have (creation would refuse it), as for a taken one. */
  async isSubdomainAvailable(subdomain: string): Promise<boolean> {
    const s = subdomain.trim();
    return isValidSubdomain(s) && !(await this.tenants.findBySubdomain(s));
  }

  async create(actor: Actor, input: CreateInput): Promise<Tenant> {
    if (!(await this.isSubdomainAvailable(input.subdomain))) {
      throw conflict(TENANT_MESSAGES.subdomainTaken, { subdomain: TENANT_MESSAGES.subdomainTaken });
    }
    const row = await this.tenants
      .transaction(async (tx) => {
        const created = await this.tenants.insert(
          {
            name: input.name,
            subdomain: input.subdomain,
            stateCode: input.stateCode,
            description: input.description || null,
            subscriptionStatus: input.subscriptionStatus,
            identitySourceConfig: this.#sealConfig(input, null),
            accountProviderConfig: this.#sealAccountProvider(input, null),
          },
          tx,
        );
        await this.audit.append(
          {
            ...this.#who(actor),
            action: 'TENANT_CREATED',
            entityType: 'tenant',
            entityId: created.id,
            after: auditView(created),
          },
          tx,
        );
        return created;
      })
      .catch((err: unknown) => {
        // Two creations racing for one subdomain: the unique index decides.
        if (isUniqueViolation(err))
          throw conflict(TENANT_MESSAGES.subdomainTaken, { subdomain: TENANT_MESSAGES.subdomainTaken });
        throw err;
      });
    return toPublicTenant(row);
  }

  async update(actor: Actor, id: string, input: UpdateInput): Promise<Tenant> {
    const existing = await this.tenants.findById(id);
    if (!existing) throw notFound(TENANT_MESSAGES.notFound);
    if (input.subdomain !== existing.subdomain) {
      throw badRequest(TENANT_MESSAGES.subdomainImmutable, { subdomain: TENANT_MESSAGES.subdomainImmutable });
    }
    const row = await this.tenants.transaction(async (tx) => {
      const updated = await this.tenants.update(
        id,
        {
          name: input.name,
          stateCode: input.stateCode,
          description: input.description || null,
          subscriptionStatus: input.subscriptionStatus,
          identitySourceConfig: this.#sealConfig(input, existing.identitySourceConfig),
          accountProviderConfig: this.#sealAccountProvider(input, existing.accountProviderConfig),
        },
        tx,
      );
      if (!updated) throw notFound(TENANT_MESSAGES.notFound);
      // Past decisions stay; the records still in review are compared again under the new settings.
      const before = matchSettingsOf(existing.identitySourceConfig);
      const after = matchSettingsOf(updated.identitySourceConfig);
      const changed =
        before.minWordSimilarity !== after.minWordSimilarity ||
        before.closeIsDifferent !== after.closeIsDifferent;
      const recompared = changed
        ? await this.recompare.run(tx, id, after, {
            userId: actor.userId,
            email: actor.email,
            address: actor.address ?? null,
          })
        : null;
      await this.audit.append(
        {
          ...this.#who(actor),
          action: 'TENANT_UPDATED',
          entityType: 'tenant',
          entityId: id,
          before: auditView(existing),
          after: auditView(updated),
          ...(recompared && {
            note: `Name-match settings changed: ${recompared.compared} records in review compared again, ${recompared.moved} moved between the queues.`,
          }),
        },
        tx,
      );
      return updated;
    });
    return toPublicTenant(row);
  }

  /** The tenant and all of its data go in one transaction; the audit trail keeps who did it. */
  async delete(actor: Actor, id: string): Promise<void> {
    const existing = await this.tenants.findById(id);
    if (!existing) throw notFound(TENANT_MESSAGES.notFound);
    await this.tenants.transaction(async (tx) => {
      if (!(await this.tenants.delete(id, tx))) throw notFound(TENANT_MESSAGES.notFound);
      await this.audit.append(
        {
          ...this.#who(actor),
          action: 'TENANT_DELETED',
          entityType: 'tenant',
          entityId: id,
          before: auditView(existing),
        },
        tx,
      );
    });
  }

  async users(id: string) {
    if (!(await this.tenants.findById(id))) throw notFound(TENANT_MESSAGES.notFound);
    return (await this.tenants.users(id)).map((u) => ({ ...u, createdAt: u.createdAt.toISOString() }));
  }

  /** A real call to the provider's token endpoint with the stored settings. */
  async testConnection(id: string): Promise<TestConnectionResult> {
    const tenant = await this.tenants.findById(id);
    if (!tenant) throw notFound(TENANT_MESSAGES.notFound);
    const cfg = tenant.identitySourceConfig;
    if (!cfg) return { ok: false, message: 'No identity source is configured for this tenant' };
    const outcome = await requestProviderToken(
      {
        apiBaseUrl: cfg.apiBaseUrl,
        clientId: cfg.clientId,
        clientSecret: cfg.clientSecret ? this.secrets.open(cfg.clientSecret) : '',
      },
      { allowPrivateAddresses: this.allowPrivateProviderAddresses },
    );
    return outcome.ok
      ? { ok: true, message: `Connected to ${cfg.providerName}: the provider issued a token` }
      : { ok: false, message: outcome.message };
  }

  /** A real call to the account name provider's token endpoint with the stored settings (issue #36). */
  async testAccountProvider(id: string): Promise<TestConnectionResult> {
    const tenant = await this.tenants.findById(id);
    if (!tenant) throw notFound(TENANT_MESSAGES.notFound);
    const cfg = tenant.accountProviderConfig;
    if (!cfg) return { ok: false, message: 'No account name provider is configured for this tenant' };
    const client = new NameEnquiryClient(
      {
        apiBaseUrl: cfg.apiBaseUrl,
        clientId: cfg.clientId,
        clientSecret: cfg.clientSecret ? this.secrets.open(cfg.clientSecret) : '',
      },
      { allowPrivateAddresses: this.allowPrivateProviderAddresses, maxAttempts: 1, timeoutMs: 10_000 },
    );
    return client.testConnection();
  }

  /**
   * The account name provider as stored: left out of the request, what is stored stays; null (or
   * a blank section), none. A blank secret keeps the stored one; a new provider needs one.
   */
  #sealAccountProvider(
    input: CreateInput | UpdateInput,
    stored: StoredAccountProviderConfig | null,
  ): StoredAccountProviderConfig | null {
    const given = input.accountProvider;
    if (given === undefined) return stored;
    if (given === null) return null;
    const clientSecret = given.clientSecret ? this.secrets.seal(given.clientSecret) : stored?.clientSecret;
    if (!clientSecret)
      throw badRequest(TENANT_MESSAGES.accountProviderSecret, {
        'accountProvider.clientSecret': TENANT_MESSAGES.accountProviderSecret,
      });
    return { apiBaseUrl: given.apiBaseUrl, clientId: given.clientId, clientSecret };
  }

  /** Seals new secrets; a blank one keeps what is stored. */
  #sealConfig(
    input: CreateInput | UpdateInput,
    stored: StoredIdentitySourceConfig | null,
  ): StoredIdentitySourceConfig {
    const keep = (value: string | undefined, previous: string | null | undefined) =>
      value ? this.secrets.seal(value) : (previous ?? null);
    return {
      providerName: input.providerName || DEFAULT_PROVIDER,
      apiBaseUrl: input.apiBaseUrl,
      clientId: input.clientId,
      validationUrl: input.validationUrl || null,
      clientSecret: keep(input.clientSecretEncrypted, stored?.clientSecret),
      aesKey: keep(input.aesKey, stored?.aesKey),
      iv: keep(input.iv, stored?.iv),
      minWordSimilarity: matchSettingsOf(stored).minWordSimilarity,
      closeIsDifferent: matchSettingsOf(stored).closeIsDifferent,
      // Left out of the request: what is stored (or the default) stays.
      ...(input.minWordSimilarity !== undefined && { minWordSimilarity: input.minWordSimilarity }),
      ...(input.closeIsDifferent !== undefined && { closeIsDifferent: input.closeIsDifferent }),
      // The legal basis of bulk verification (issue #22): left out, the stored one stays; empty, none.
      legalBasis: input.legalBasis !== undefined ? input.legalBasis || null : (stored?.legalBasis ?? null),
    };
  }

  #who(actor: Actor) {
    return {
      tenantId: null,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      address: actor.address ?? null,
    };
  }
}
