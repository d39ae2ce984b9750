import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { tenants } from '../../src/db/schema/index.ts';
import { ConfigError, loadConfig } from '../../src/platform/config.ts';
import { deriveKeys, secretBox } from '../../src/platform/secrets.ts';
import { AccountProviderSettings } from '../../src/modules/identity/account-provider-settings.ts';
import { ProviderSettings } from '../../src/modules/identity/provider-settings.ts';
import { resealSecrets } from '../../src/modules/tenants/reseal-secrets.ts';
import { SealedSecretsRepo } from '../../src/modules/tenants/sealed-secrets.repo.ts';
import { TenantsRepo } from '../../src/modules/tenants/tenants.repo.ts';
import { buildTenantInput } from '../helpers/factories.ts';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';

/**
 * Rotating PORTAL_SECRET (docs/operations-deploy.md): started with the new secret and
 * PORTAL_SECRET_PREVIOUS, the portal re-seals every tenant's sealed secret under the new one, so
 * that the previous secret can then be dropped; sessions signed under the old one end.
 */
const OLD = 'the-portal-secret-before-the-rotation-0123456789';
const NEW = 'the-portal-secret-after-the-rotation-9876543210';
const opened: TestPortal[] = [];
afterAll(async () => {
  for (const p of opened) await p.close().catch(() => undefined);
});
const open = async (env: Record<string, string>, reuse?: TestPortal) => {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const portal = await createTestPortal({
    env: { LOG_LEVEL: 'warn', ...env },
    logStream,
    ...(reuse && { reuse }),
  });
  opened.push(portal);
  return { portal, log: () => lines.join('') };
};

type Sealed = { clientSecret: string; aesKey: string; iv: string; password: string; accountSecret: string };
async function stored(portal: TestPortal, id: string): Promise<Sealed> {
  const [row] = await portal.db.orm
    .select({
      cfg: tenants.identitySourceConfig,
      sms: tenants.smsGatewayConfig,
      account: tenants.accountProviderConfig,
    })
    .from(tenants)
    .where(eq(tenants.id, id));
  const cfg = row!.cfg as Sealed;
  const sms = row!.sms as { password: string };
  const account = row!.account as { clientSecret: string };
  return {
    clientSecret: cfg.clientSecret,
    aesKey: cfg.aesKey,
    iv: cfg.iv,
    password: sms.password,
    accountSecret: account.clientSecret,
  };
}
const openAll = (secret: string, sealed: Sealed) => {
  const box = secretBox(deriveKeys(secret).atRest);
  return Object.fromEntries(Object.entries(sealed).map(([k, v]) => [k, box.open(v)]));
};

describe('PORTAL_SECRET rotation', () => {
  it('re-seals every tenant secret under the new secret at start; without the previous one they stay shut', async () => {
    const first = await open({ PORTAL_SECRET: OLD });
    const global = await first.portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    // The account name provider's client secret too (issue #36).
    const input = buildTenantInput({
      accountProvider: {
        apiBaseUrl: 'https://names.bank.example',
        clientId: 'rotation',
        clientSecret: 'account-secret-1',
      },
    });
    const created = await first.portal.api.post('/api/v1/global-admin/tenants', {
      token: global,
      body: input,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    const sms = {
      host: '127.0.0.1',
      port: 2775,
      systemId: 'rotation',
      password: 'smspass1',
      senderId: 'Rotate',
    };
    const gateway = await first.portal.api.put(`/api/v1/global-admin/tenants/${id}/sms-gateway`, {
      token: global,
      body: sms,
    });
    expect(gateway.statusCode, gateway.body).toBe(200);
    const plain = {
      clientSecret: input.clientSecretEncrypted,
      aesKey: input.aesKey,
      iv: input.iv,
      password: sms.password,
      accountSecret: 'account-secret-1',
    };
    const before = await stored(first.portal, id);
    expect(openAll(OLD, before)).toEqual(plain);
    // Every tenant's sealed values (the demo tenant's too).
    const all = await first.portal.db.orm
      .select({
        cfg: tenants.identitySourceConfig,
        sms: tenants.smsGatewayConfig,
        account: tenants.accountProviderConfig,
      })
      .from(tenants);
    const sealedCount = all
      .flatMap(({ cfg, sms, account }) => [
        ...['clientSecret', 'aesKey', 'iv'].map((k) => (cfg as Record<string, unknown> | null)?.[k]),
        (sms as Record<string, unknown> | null)?.password,
        (account as Record<string, unknown> | null)?.clientSecret,
      ])
      .filter(Boolean).length;
    expect(sealedCount).toBeGreaterThanOrEqual(5);
    await first.portal.close();

    // The new secret alone cannot open what the old one sealed: the provider would be unusable.
    expect(() => openAll(NEW, before)).toThrow();

    // The rotation: the new secret with the previous one beside it.
    const rotating = await open({ PORTAL_SECRET: NEW, PORTAL_SECRET_PREVIOUS: OLD }, first.portal);
    expect(rotating.log()).toContain(`"resealed":${sealedCount},"unopened":0`);
    const after = await stored(rotating.portal, id);
    for (const k of Object.keys(before) as (keyof Sealed)[]) expect(after[k], k).not.toBe(before[k]);
    expect(openAll(NEW, after)).toEqual(plain);
    expect(() => openAll(OLD, after)).toThrow();
    // Sessions are signed under the new secret alone: a token of the old one is refused.
    const oldToken = global;
    expect((await rotating.portal.api.get('/api/v1/users/me', { token: oldToken })).statusCode).toBe(401);

    // Again (another process starting with it still set): nothing left to re-seal.
    const twice = await resealSecrets(
      new SealedSecretsRepo(rotating.portal.db.orm),
      secretBox(deriveKeys(NEW).atRest, deriveKeys(NEW, OLD).atRestPrevious),
    );
    expect(twice).toEqual({ resealed: 0, unopened: 0 });
    await rotating.portal.close();

    // The previous secret dropped: the provider's settings open with the new one alone.
    const done = await open({ PORTAL_SECRET: NEW }, first.portal);
    const settings = new ProviderSettings(
      new TenantsRepo(done.portal.db.orm),
      secretBox(done.portal.keys.atRest, done.portal.keys.atRestPrevious),
    );
    expect(done.portal.keys.atRestPrevious).toBeUndefined();
    expect(await settings.forTenant(id)).toMatchObject({
      clientSecret: plain.clientSecret,
      aesKey: plain.aesKey,
      iv: plain.iv,
    });
    const accounts = new AccountProviderSettings(
      new TenantsRepo(done.portal.db.orm),
      secretBox(done.portal.keys.atRest, done.portal.keys.atRestPrevious),
    );
    expect((await accounts.forTenant(id)).clientSecret).toBe('account-secret-1');
  });

  it('a value sealed under neither secret is left as it is and counted', () => {
    const box = secretBox(deriveKeys(NEW).atRest, deriveKeys(NEW, OLD).atRestPrevious);
    const underOld = secretBox(deriveKeys(OLD).atRest).seal('x');
    const underNew = box.seal('y');
    const underThird = secretBox(deriveKeys('a-third-secret-of-enough-length-000').atRest).seal('z');
    expect(box.reseal(underNew)).toBeNull();
    expect(box.open(box.reseal(underOld)!)).toBe('x');
    expect(() => box.reseal(underThird)).toThrow();
    expect(() => box.open(underThird)).toThrow();
  });

  it('refuses PORTAL_SECRET_PREVIOUS without a new PORTAL_SECRET, or equal to it', () => {
    expect(() => loadConfig({ PORTAL_SECRET_PREVIOUS: OLD }, [])).toThrow(ConfigError);
    expect(() => loadConfig({ PORTAL_SECRET: OLD, PORTAL_SECRET_PREVIOUS: OLD }, [])).toThrow(ConfigError);
    expect(loadConfig({ PORTAL_SECRET: NEW, PORTAL_SECRET_PREVIOUS: OLD }, []).portalSecretPrevious).toBe(
      OLD,
    );
  });
});
