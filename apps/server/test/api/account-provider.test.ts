import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_CREDENTIALS } from '@portal/optima/name-enquiry/demo-accounts';
import { TENANT_ROLES } from '@portal/contract/roles';
import type { Tenant, TenantCreate } from '@portal/contract/tenants';
import { tenants } from '../../src/db/schema/index.ts';
import { AccountProviderSettings } from '../../src/modules/identity/account-provider-settings.ts';
import { NameEnquiryClient } from '../../src/modules/identity/name-enquiry-client.ts';
import { TenantsRepo } from '../../src/modules/tenants/tenants.repo.ts';
import { secretBox } from '../../src/platform/secrets.ts';
import { buildTenantInput, buildUserInput } from '../helpers/factories.ts';
import { startAccountSimProcess, type AccountSimProcess } from '../helpers/simulator-process.ts';
import { createTestPortal, DEMO_ADMIN, DEMO_PASSWORD, type TestPortal } from '../helpers/test-portal.ts';
import { DEMO_USERS } from '../../src/bootstrap.ts';

/**
 * A tenant's account name provider (issue #36 item 2): set with the tenant form by the global admin
 * alone, its secret write-only and sealed at rest, and a connection test against the account
 * simulator (a separate process, real HTTP).
 */
let portal: TestPortal;
let admin: string;
let sim: AccountSimProcess;
beforeAll(async () => {
  [portal, sim] = await Promise.all([createTestPortal(), startAccountSimProcess()]);
  admin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(async () => {
  await sim?.stop();
  await portal?.close();
});

const SECRET = DEMO_ACCOUNT_CREDENTIALS.clientSecret;
const provider = (overrides = {}) => ({
  apiBaseUrl: sim.url,
  clientId: DEMO_ACCOUNT_CREDENTIALS.clientId,
  clientSecret: SECRET,
  ...overrides,
});

async function create(overrides: Partial<TenantCreate> = {}) {
  const res = await portal.api.post('/api/v1/global-admin/tenants', {
    token: admin,
    body: buildTenantInput(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Tenant;
}
const update = (tenant: Tenant, body: Record<string, unknown>) =>
  portal.api.put(`/api/v1/global-admin/tenants/${tenant.id}`, {
    token: admin,
    body: buildTenantInput({ subdomain: tenant.subdomain, ...body }),
  });
const testConnection = (id: string, token = admin) =>
  portal.api.post(`/api/v1/global-admin/tenants/${id}/account-provider/test-connection`, { token });
async function stored(id: string) {
  const [row] = await portal.db.orm
    .select({ cfg: tenants.accountProviderConfig })
    .from(tenants)
    .where(eq(tenants.id, id));
  return row!.cfg as { apiBaseUrl: string; clientId: string; clientSecret: string | null } | null;
}
const box = () => secretBox(portal.keys.atRest);

describe('the tenant form carries the account name provider', () => {
  it('is set on creation; the secret is sealed at rest and never answered or audited', async () => {
    const tenant = await create({ accountProvider: provider() });
    expect(tenant.accountProvider).toEqual({
      apiBaseUrl: sim.url,
      clientId: DEMO_ACCOUNT_CREDENTIALS.clientId,
      clientSecretSet: true,
    });
    const cfg = await stored(tenant.id);
    expect(cfg!.clientSecret).not.toBe(SECRET);
    expect(box().open(cfg!.clientSecret!)).toBe(SECRET);
    const list = await portal.api.get('/api/v1/global-admin/tenants', { token: admin });
    expect(list.body).not.toContain(SECRET);
    expect((list.json() as Tenant[]).find((t) => t.id === tenant.id)!.accountProvider).toEqual(
      tenant.accountProvider,
    );
    const audit = await portal.db.orm.execute<{ after: unknown }>(
      sql`select after from audit_events where action = 'TENANT_CREATED' and entity_id = ${tenant.id}`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(JSON.stringify(audit.rows[0])).not.toContain(SECRET);
    expect(JSON.stringify(audit.rows[0])).toContain(sim.url);
    // What a later job reads: the settings with the secret opened, and a client that reaches the provider.
    const settings = await new AccountProviderSettings(new TenantsRepo(portal.db.orm), box()).forTenant(
      tenant.id,
    );
    expect(settings).toEqual(provider());
  });

  it('a tenant without one answers null; an all-blank section is none', async () => {
    expect((await create()).accountProvider).toBeNull();
    const blank = await create({ accountProvider: { apiBaseUrl: ' ', clientId: '', clientSecret: '' } });
    expect(blank.accountProvider).toBeNull();
    expect(await stored(blank.id)).toBeNull();
  });

  it.each([
    [
      'no secret for a new provider',
      { clientSecret: '' },
      'accountProvider.clientSecret',
      'The client secret is required for a new account name provider',
    ],
    [
      'a URL that is not http(s)',
      { apiBaseUrl: 'ftp://bank.example' },
      'accountProvider.apiBaseUrl',
      'Please enter a valid URL',
    ],
    ['no URL', { apiBaseUrl: '' }, 'accountProvider.apiBaseUrl', 'This field is required'],
    ['no client id', { clientId: ' ' }, 'accountProvider.clientId', 'This field is required'],
  ])('refuses %s with 400 on its field', async (_name, overrides, field, message) => {
    const res = await portal.api.post('/api/v1/global-admin/tenants', {
      token: admin,
      body: buildTenantInput({ accountProvider: provider(overrides) }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { details: Record<string, string> }).details[field]).toBe(message);
  });

  it('on update: left out or a blank secret keeps the stored one; a new one replaces it; null removes it', async () => {
    const tenant = await create({ accountProvider: provider() });
    const first = (await stored(tenant.id))!.clientSecret;

    const omitted = await update(tenant, {});
    expect(omitted.statusCode, omitted.body).toBe(200);
    expect((await stored(tenant.id))!.clientSecret).toBe(first);

    const moved = await update(tenant, {
      accountProvider: {
        apiBaseUrl: 'https://names.bank.example/v1',
        clientId: 'lagos-accounts',
        clientSecret: '',
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as Tenant).accountProvider).toEqual({
      apiBaseUrl: 'https://names.bank.example/v1',
      clientId: 'lagos-accounts',
      clientSecretSet: true,
    });
    expect((await stored(tenant.id))!.clientSecret).toBe(first);

    const replaced = await update(tenant, { accountProvider: provider({ clientSecret: 'a-new-secret' }) });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.body).not.toContain('a-new-secret');
    expect(box().open((await stored(tenant.id))!.clientSecret!)).toBe('a-new-secret');

    const removed = await update(tenant, { accountProvider: null });
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as Tenant).accountProvider).toBeNull();
    expect(await stored(tenant.id)).toBeNull();
    // Set again, a secret is needed: nothing is stored to keep.
    const again = await update(tenant, { accountProvider: provider({ clientSecret: '' }) });
    expect(again.statusCode).toBe(400);
  });
});

describe('POST /global-admin/tenants/:id/account-provider/test-connection', () => {
  it('asks the provider for a token with the stored settings: ok, or why not', async () => {
    const good = await create({ accountProvider: provider() });
    expect((await testConnection(good.id)).json()).toEqual({
      ok: true,
      message: 'Connected to the account name provider: it issued a token',
    });

    const wrong = await create({ accountProvider: provider({ clientSecret: 'not-the-secret' }) });
    expect((await testConnection(wrong.id)).json()).toEqual({
      ok: false,
      message:
        'The provider refused the client ID and secret (the provider answered 401: Invalid client credentials)',
    });

    const none = await create();
    expect((await testConnection(none.id)).json()).toEqual({
      ok: false,
      message: 'No account name provider is configured for this tenant',
    });
    expect((await testConnection('00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
  });

  it('a provider that is down is said to be unreachable (and a lookup fails, never NOT_FOUND)', async () => {
    const other = await startAccountSimProcess();
    const tenant = await create({ accountProvider: provider({ apiBaseUrl: other.url }) });
    expect((await testConnection(tenant.id)).json()).toMatchObject({ ok: true });
    await other.stop();
    const res = (await testConnection(tenant.id)).json() as { ok: boolean; message: string };
    expect(res.ok).toBe(false);
    expect(res.message).toMatch(/^Could not reach the provider: /);
    const client = new NameEnquiryClient(provider({ apiBaseUrl: other.url }), {
      allowPrivateAddresses: true,
      maxAttempts: 2,
      backoffBaseMs: 1,
    });
    await expect(client.lookup([{ bankCode: '058', accountNumber: '0123456789' }])).rejects.toMatchObject({
      kind: 'UNREACHABLE',
    });
  });

  it('the demo accounts answer through the client: own names, and NOT_FOUND for an unknown account', async () => {
    const client = new NameEnquiryClient(provider(), { allowPrivateAddresses: true });
    const [found, unknown, second] = await client.lookup([
      { bankCode: '221', accountNumber: '1024280383' },
      { bankCode: '221', accountNumber: '0000000000' },
      { bankCode: '050', accountNumber: '2740054355' },
    ]);
    expect(found).toMatchObject({
      status: 'FOUND',
      accountName: 'SOMTOCHUKWU IKECHUKWU IGWE',
      bvn: '22184974857',
    });
    expect(unknown!.status).toBe('NOT_FOUND');
    expect(second).toMatchObject({ status: 'FOUND', accountName: 'DAMILARE OGUNLEYE' });
  });

  it('is refused (403) to every tenant role, of its own tenant or another, and changes nothing', async () => {
    const list = (await portal.api.get('/api/v1/global-admin/tenants', { token: admin })).json() as Tenant[];
    const demo = list.find((t) => t.subdomain === 'demo')!;
    const other = await create({ accountProvider: provider() });
    const before = await stored(other.id);
    const tested: string[] = [];
    for (const role of TENANT_ROLES) {
      // A demo user of the role, or one registered in the demo tenant.
      let email = DEMO_USERS.find((u) => u.role === role)?.email;
      let password = DEMO_PASSWORD;
      if (!email) {
        const user = buildUserInput(demo.id, { role });
        const made = await portal.api.post('/api/v1/auth/register', { token: admin, body: user });
        expect(made.statusCode, made.body).toBe(201);
        ({ email, password } = user);
      }
      const token = await portal.login(email, password);
      for (const id of [demo.id, other.id]) {
        expect((await testConnection(id, token)).statusCode, `${role} on ${id}`).toBe(403);
        const put = await portal.api.put(`/api/v1/global-admin/tenants/${id}`, {
          token,
          body: buildTenantInput({
            subdomain: id === demo.id ? demo.subdomain : other.subdomain,
            accountProvider: provider({ apiBaseUrl: 'https://evil.example' }),
          }),
        });
        expect(put.statusCode, role).toBe(403);
      }
      tested.push(role);
    }
    expect(tested).toEqual([...TENANT_ROLES]);
    expect((await testConnection(other.id, 'not-a-token')).statusCode).toBe(401);
    expect(await stored(other.id)).toEqual(before);
    expect(await stored(demo.id)).toBeNull();
  });

  it("tests each tenant's own provider with its own credentials", async () => {
    const a = await create({ accountProvider: provider() });
    const b = await create({ accountProvider: provider({ clientId: 'tenant-b' }) });
    expect((await testConnection(a.id)).json()).toMatchObject({ ok: true });
    expect((await testConnection(b.id)).json()).toMatchObject({ ok: false });
    expect((await testConnection(a.id)).json()).toMatchObject({ ok: true });
    const list = (await portal.api.get('/api/v1/global-admin/tenants', { token: admin })).json() as Tenant[];
    expect(list.find((t) => t.id === b.id)!.accountProvider!.clientId).toBe('tenant-b');
    expect(list.find((t) => t.id === a.id)!.accountProvider!.clientId).toBe(
      DEMO_ACCOUNT_CREDENTIALS.clientId,
    );
  });
});
