import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Tenant } from '@portal/contract/tenants';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { buildTenantInput, buildUserInput } from '../helpers/factories.ts';
import { TenantsRepo } from '../../src/modules/tenants/tenants.repo.ts';
import { secretBox } from '../../src/platform/secrets.ts';

let portal: TestPortal;
let admin: string;
let provider: http.Server;
let providerUrl: string;

beforeAll(async () => {
  portal = await createTestPortal();
  admin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  // A stand-in for the identity provider's token endpoint, over real HTTP.
  provider = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const { clientId, clientSecret } = JSON.parse(body || '{}') as Record<string, string>;
      res.setHeader('content-type', 'application/json');
      if (
        req.url === '/optima/auth/token' &&
        clientId === 'lagos-client' &&
        clientSecret === 'the-real-secret'
      ) {
        res.end(JSON.stringify({ accessToken: 'tok', expiresIn: 3600 }));
      } else {
        res.statusCode = 401;
        res.end(JSON.stringify({ message: 'invalid client credentials' }));
      }
    });
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/optima`;
});
afterAll(async () => {
  provider?.close();
  await portal?.close();
});

const createTenant = async (overrides = {}) => {
  const res = await portal.api.post('/api/v1/global-admin/tenants', {
    token: admin,
    body: buildTenantInput(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Tenant;
};

describe('tenant form rules (SPEC §5) are enforced by the server with the same messages', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['name blank', { name: '  ' }, 'name', 'This field is required'],
    ['name too short', { name: 'A' }, 'name', 'Must be at least 2 characters'],
    ['name too long', { name: 'x'.repeat(101) }, 'name', 'Cannot exceed 100 characters'],
    ['subdomain missing', { subdomain: '' }, 'subdomain', 'This field is required'],
    ['subdomain too short', { subdomain: 'a' }, 'subdomain', 'Must be at least 2 characters'],
    ['subdomain too long', { subdomain: 'a'.repeat(51) }, 'subdomain', 'Cannot exceed 50 characters'],
    [
      'subdomain leading hyphen',
      { subdomain: '-lagos' },
      'subdomain',
      'Subdomain must start and end with alphanumeric characters, and can contain hyphens in between',
    ],
    [
      'subdomain trailing hyphen',
      { subdomain: 'lagos-' },
      'subdomain',
      'Subdomain must start and end with alphanumeric characters, and can contain hyphens in between',
    ],
    [
      'subdomain uppercase',
      { subdomain: 'Lagos' },
      'subdomain',
      'Subdomain must start and end with alphanumeric characters, and can contain hyphens in between',
    ],
    [
      'state code lowercase',
      { stateCode: 'la' },
      'stateCode',
      'State code must be exactly 2 uppercase letters',
    ],
    [
      'state code three letters',
      { stateCode: 'LAG' },
      'stateCode',
      'State code must be exactly 2 uppercase letters',
    ],
    ['state code missing', { stateCode: '' }, 'stateCode', 'This field is required'],
    ['description too long', { description: 'd'.repeat(501) }, 'description', 'Cannot exceed 500 characters'],
    ['provider blank', { providerName: ' ' }, 'providerName', 'This field is required'],
    ['api url not http', { apiBaseUrl: 'ftp://optima.example' }, 'apiBaseUrl', 'Please enter a valid URL'],
    ['api url missing', { apiBaseUrl: '' }, 'apiBaseUrl', 'This field is required'],
    ['client id missing', { clientId: '' }, 'clientId', 'This field is required'],
    ['aes key missing', { aesKey: '' }, 'aesKey', 'This field is required'],
    [
      'aes key wrong size',
      { aesKey: 'abcd' },
      'aesKey',
      'AES key must be 32 bytes, written as base64 or hex',
    ],
    ['iv missing', { iv: '' }, 'iv', 'This field is required'],
    [
      'subscription unknown',
      { subscriptionStatus: 'GOLD' },
      'subscriptionStatus',
      'Invalid option: expected one of "ACTIVE"|"TRIAL"',
    ],
  ];
  it.each(cases)('%s → 400 with its message', async (_name, overrides, field, message) => {
    const before = (
      await portal.api.get('/api/v1/global-admin/tenants', { token: admin })
    ).json() as Tenant[];
    const res = await portal.api.post('/api/v1/global-admin/tenants', {
      token: admin,
      body: buildTenantInput(overrides),
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { details: Record<string, string> }).details[field]).toBe(message);
    const after = (await portal.api.get('/api/v1/global-admin/tenants', { token: admin })).json() as Tenant[];
    expect(after.length).toBe(before.length);
  });

  it('defaults the provider to OPTIMA and the subscription to TRIAL', async () => {
    const { providerName: _p, subscriptionStatus: _s, ...rest } = buildTenantInput();
    const res = await portal.api.post('/api/v1/global-admin/tenants', { token: admin, body: rest });
    expect(res.statusCode).toBe(201);
    const tenant = res.json() as Tenant;
    expect(tenant.subscriptionStatus).toBe('TRIAL');
    expect(JSON.parse(tenant.identitySourceConfig!).providerName).toBe('OPTIMA');
  });
});

describe('tenants', () => {
  it('creates a tenant and returns it without secrets; the subdomain is then taken', async () => {
    const input = buildTenantInput({ subdomain: 'kano-state' });
    const res = await portal.api.post('/api/v1/global-admin/tenants', { token: admin, body: input });
    expect(res.statusCode).toBe(201);
    const tenant = res.json() as Tenant;
    expect(tenant).toMatchObject({
      name: input.name,
      subdomain: 'kano-state',
      stateCode: 'LA',
      subscriptionStatus: 'ACTIVE',
    });
    expect(JSON.parse(tenant.identitySourceConfig!)).toEqual({
      providerName: 'OPTIMA',
      apiBaseUrl: input.apiBaseUrl,
      clientId: input.clientId,
      validationUrl: input.validationUrl,
      secretsSet: { clientSecret: true, aesKey: true, iv: true },
      // The name-match settings (issue #20): the defaults.
      minWordSimilarity: 0.8,
      closeIsDifferent: false,
      // The legal basis of bulk verification (issue #22): none, the default is shown.
      legalBasis: null,
    });
    const check = await portal.api.get('/api/v1/global-admin/tenants/check-subdomain/kano-state', {
      token: admin,
    });
    expect(check.json()).toBe(false);
    const free = await portal.api.get('/api/v1/global-admin/tenants/check-subdomain/kano-state-2', {
      token: admin,
    });
    expect(free.json()).toBe(true);
    const dup = await portal.api.post('/api/v1/global-admin/tenants', {
      token: admin,
      body: buildTenantInput({ subdomain: 'kano-state' }),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: 'This subdomain is already taken' });
  });

  it('never puts a secret in any response body (list, create, update)', async () => {
    const input = buildTenantInput();
    const created = await portal.api.post('/api/v1/global-admin/tenants', { token: admin, body: input });
    const id = (created.json() as Tenant).id;
    const updated = await portal.api.put(`/api/v1/global-admin/tenants/${id}`, {
      token: admin,
      body: { ...input, name: 'Renamed', clientSecretEncrypted: 'another-secret-value', aesKey: '', iv: '' },
    });
    const list = await portal.api.get('/api/v1/global-admin/tenants', { token: admin });
    const stored = (await new TenantsRepo(portal.db.orm).findById(id))!.identitySourceConfig!;
    for (const res of [created, updated, list]) {
      expect(res.statusCode).toBeLessThan(300);
      for (const secret of [
        input.clientSecretEncrypted!,
        input.aesKey!,
        input.iv!,
        'another-secret-value',
        stored.clientSecret!,
        stored.aesKey!,
        stored.iv!,
      ]) {
        expect(res.body).not.toContain(secret);
      }
      expect(res.body).not.toMatch(/clientSecretEncrypted|"aesKey"|"iv"/);
    }
  });

  it('keeps a stored secret when the update leaves it blank, and replaces one that is given', async () => {
    const input = buildTenantInput({ apiBaseUrl: providerUrl, clientSecretEncrypted: 'the-real-secret' });
    const tenant = await createTenant(input);
    const repo = new TenantsRepo(portal.db.orm);
    const box = secretBox(portal.keys.atRest);
    const res = await portal.api.put(`/api/v1/global-admin/tenants/${tenant.id}`, {
      token: admin,
      body: { ...input, description: 'edited', clientSecretEncrypted: '', aesKey: '', iv: '' },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Tenant).description).toBe('edited');
    const cfg = (await repo.findById(tenant.id))!.identitySourceConfig!;
    expect(box.open(cfg.clientSecret!)).toBe('the-real-secret');
    expect(box.open(cfg.aesKey!)).toBe(input.aesKey);
    expect(box.open(cfg.iv!)).toBe(input.iv);
    const ok = await portal.api.post(`/api/v1/global-admin/tenants/${tenant.id}/test-connection`, {
      token: admin,
    });
    expect(ok.json()).toMatchObject({ ok: true });

    await portal.api.put(`/api/v1/global-admin/tenants/${tenant.id}`, {
      token: admin,
      body: { ...input, clientSecretEncrypted: 'a-wrong-secret', aesKey: '', iv: '' },
    });
    const failed = await portal.api.post(`/api/v1/global-admin/tenants/${tenant.id}/test-connection`, {
      token: admin,
    });
    expect(failed.json()).toEqual({
      ok: false,
      message: 'The provider answered 401: invalid client credentials',
    });
  });

  it('test-connection reports an unreachable provider', async () => {
    const tenant = await createTenant({ apiBaseUrl: 'http://127.0.0.1:9/nothing' });
    const res = await portal.api.post(`/api/v1/global-admin/tenants/${tenant.id}/test-connection`, {
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Could not reach the provider/),
    });
  });

  it('refuses to change the subdomain', async () => {
    const input = buildTenantInput();
    const tenant = await createTenant(input);
    const res = await portal.api.put(`/api/v1/global-admin/tenants/${tenant.id}`, {
      token: admin,
      body: { ...input, subdomain: `${input.subdomain}x` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      details: { subdomain: 'Subdomain cannot be changed after creation.' },
    });
  });

  it('answers 404 for an unknown tenant id', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(
      (await portal.api.put(`/api/v1/global-admin/tenants/${id}`, { token: admin, body: buildTenantInput() }))
        .statusCode,
    ).toBe(404);
    expect((await portal.api.delete(`/api/v1/global-admin/tenants/${id}`, { token: admin })).statusCode).toBe(
      404,
    );
    expect(
      (await portal.api.get(`/api/v1/global-admin/tenants/${id}/users`, { token: admin })).statusCode,
    ).toBe(404);
  });

  it('deletes a tenant with its users, who can no longer sign in; the audit trail names who did it', async () => {
    const tenant = await createTenant();
    const user = buildUserInput(tenant.id);
    expect((await portal.api.post('/api/v1/auth/register', { token: admin, body: user })).statusCode).toBe(
      201,
    );
    const userToken = await portal.login(user.email, user.password);

    const res = await portal.api.delete(`/api/v1/global-admin/tenants/${tenant.id}`, { token: admin });
    expect(res.statusCode).toBe(204);
    const list = (await portal.api.get('/api/v1/global-admin/tenants', { token: admin })).json() as Tenant[];
    expect(list.map((t) => t.id)).not.toContain(tenant.id);
    const login = await portal.api.post('/api/v1/auth/authenticate', {
      body: { email: user.email, password: user.password },
      csrf: false,
    });
    expect(login.statusCode).toBe(401);
    expect((await portal.api.get('/api/v1/users/me', { token: userToken })).statusCode).toBe(401);
    const audit = await portal.db.orm.execute<{ actor_email: string; before: { name: string } }>(
      sql`select actor_email, before from audit_events where action = 'TENANT_DELETED' and entity_id = ${tenant.id}`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ actor_email: DEMO_ADMIN.email, before: { name: tenant.name } });
  });
});

describe('POST /api/v1/auth/register (tenant users)', () => {
  it('creates a tenant admin who signs in as TENANT_ADMIN of that tenant; email trimmed and lower-cased', async () => {
    const tenant = await createTenant();
    const res = await portal.api.post('/api/v1/auth/register', {
      token: admin,
      body: buildUserInput(tenant.id, {
        fullName: '  Amina Bello  ',
        email: '  Amina.Bello@Example.GOV.ng ',
      }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      fullName: 'Amina Bello',
      email: 'amina.bello@example.gov.ng',
      role: 'TENANT_ADMIN',
      tenantId: tenant.id,
    });
    const token = await portal.login('amina.bello@example.gov.ng', 'Str0ng-Passw0rd');
    const me = (await portal.api.get('/api/v1/users/me', { token })).json() as {
      role: string;
      tenantName: string;
    };
    expect(me).toMatchObject({ role: 'TENANT_ADMIN', tenantName: tenant.name });
    const users = (
      await portal.api.get(`/api/v1/global-admin/tenants/${tenant.id}/users`, { token: admin })
    ).json() as { email: string }[];
    expect(users.map((u) => u.email)).toEqual(['amina.bello@example.gov.ng']);
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['full name missing', { fullName: '' }, 'fullName', 'Full name is required'],
    ['full name too short', { fullName: 'A' }, 'fullName', 'Name must be at least 2 characters long'],
    ['email missing', { email: '' }, 'email', 'Email is required'],
    ['email invalid', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['password missing', { password: '' }, 'password', 'Password is required'],
    ['password short', { password: 'short7!' }, 'password', 'Password must be at least 8 characters long'],
    ['role not offered', { role: 'REVIEWER' }, 'role', 'Invalid input'],
    ['role missing', { role: '' }, 'role', 'Role is required'],
  ];
  it.each(cases)('%s → 400 with its message', async (_n, overrides, field, message) => {
    const tenant = await createTenant();
    const res = await portal.api.post('/api/v1/auth/register', {
      token: admin,
      body: buildUserInput(tenant.id, overrides),
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { details: Record<string, string> }).details[field]).toBe(message);
  });

  it('refuses an email already taken, whatever its case (409)', async () => {
    const tenant = await createTenant();
    const res = await portal.api.post('/api/v1/auth/register', {
      token: admin,
      body: buildUserInput(tenant.id, { email: 'TENANT.ADMIN@demo.local' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'This email is already taken' });
  });

  it('answers 404 for an unknown tenant', async () => {
    const res = await portal.api.post('/api/v1/auth/register', {
      token: admin,
      body: buildUserInput('00000000-0000-4000-8000-000000000000'),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('live platform overview', () => {
  it('counts tenants, subscriptions and users live, and reports health from request records', async () => {
    const get = async () =>
      (await portal.api.get('/api/v1/global-admin/overview', { token: admin })).json() as {
        systemHealth: {
          overallStatus: string;
          apiUptime7dPercent: number;
          avgResponseTimeMs: number;
          errorRate24hPercent: number;
        };
        platform: {
          activeTenants: number;
          totalRegisteredUsers: number;
          verifications30d: number;
          subscriptions: { active: number; trial: number };
        };
      };
    const before = await get();
    expect(before.systemHealth.overallStatus).toBe('Operational');
    expect(before.systemHealth.apiUptime7dPercent).toBe(100); // up every minute since it started
    expect(before.systemHealth.apiUptime7dPercent).toBeLessThanOrEqual(100);
    expect(before.systemHealth.errorRate24hPercent).toBe(0);
    const tenant = await createTenant({ subscriptionStatus: 'TRIAL' });
    await portal.api.post('/api/v1/auth/register', { token: admin, body: buildUserInput(tenant.id) });
    const after = await get();
    expect(after.platform.activeTenants).toBe(before.platform.activeTenants + 1);
    expect(after.platform.subscriptions.trial).toBe(before.platform.subscriptions.trial + 1);
    expect(after.platform.totalRegisteredUsers).toBe(before.platform.totalRegisteredUsers + 1);
    expect(after.platform.activeTenants).toBe(
      after.platform.subscriptions.active + after.platform.subscriptions.trial,
    );
  });
});
