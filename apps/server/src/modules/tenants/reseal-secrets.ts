import type { SecretBox } from '../../platform/secrets.ts';
import type { SealedSecretsRepo, SealedSettings } from './sealed-secrets.repo.ts';

/**
 * Which stored values are sealed: the identity provider's three secrets, the SMS gateway's password
 * and the account name provider's client secret.
 */
const PROVIDER_SEALED = ['clientSecret', 'aesKey', 'iv'] as const;

export interface ResealOutcome {
  /** Values that were sealed under PORTAL_SECRET_PREVIOUS and now are under PORTAL_SECRET. */
  resealed: number;
  /** Values neither secret opens (sealed under a third one): left as they are. */
  unopened: number;
}

/**
 * Re-seals under the current PORTAL_SECRET every tenant's secret still sealed under the previous
 * one (the rotation of docs/operations-deploy.md). One transaction, the rows locked: processes
 * starting together do it once; a value already under the current key is left untouched.
 */
export async function resealSecrets(repo: SealedSecretsRepo, box: SecretBox): Promise<ResealOutcome> {
  const outcome: ResealOutcome = { resealed: 0, unopened: 0 };
  const reseal = (sealed: string | null | undefined): string | null | undefined => {
    if (!sealed) return sealed;
    try {
      const again = box.reseal(sealed);
      if (again === null) return sealed;
      outcome.resealed++;
      return again;
    } catch {
      outcome.unopened++;
      return sealed;
    }
  };
  await repo.transaction(async (tx) => {
    for (const row of await repo.lockAll(tx)) {
      const before = outcome.resealed;
      const next: SealedSettings = { ...row };
      if (row.identitySourceConfig) {
        const cfg = { ...row.identitySourceConfig };
        for (const field of PROVIDER_SEALED) cfg[field] = reseal(cfg[field]) ?? null;
        next.identitySourceConfig = cfg;
      }
      if (row.smsGatewayConfig)
        next.smsGatewayConfig = {
          ...row.smsGatewayConfig,
          password: reseal(row.smsGatewayConfig.password) ?? row.smsGatewayConfig.password,
        };
      if (row.accountProviderConfig)
        next.accountProviderConfig = {
          ...row.accountProviderConfig,
          clientSecret: reseal(row.accountProviderConfig.clientSecret) ?? null,
        };
      if (outcome.resealed > before) await repo.save(tx, next);
    }
  });
  return outcome;
}
