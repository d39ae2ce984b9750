import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkJob } from '@portal/contract/verification';
import type { Tenant } from '@portal/contract/tenants';
import { loadConfig } from '../../src/platform/config.ts';
import { createTestPortal, DEMO_ADMIN, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';
import { buildTenantInput } from '../helpers/factories.ts';

// Issue #18, item 10: the connection test and the provider client refuse internal addresses
// before connecting, unless ALLOW_PRIVATE_PROVIDER_URLS=true. Only loopback targets here (this
// machine's network rule); the other ranges are unit-tested in provider-address.test.ts.

/** A listener that counts connections: none may arrive while the guard is on. */
class Listener {
  connections = 0;
  readonly #server = net.createServer((socket) => {
    this.connections += 1;
    socket.destroy();
  });
  port = 0;
  async listen(host: string): Promise<boolean> {
    return new Promise((resolve) => {
      this.#server.once('error', () => resolve(false));
      this.#server.listen(0, host, () => {
        this.port = (this.#server.address() as net.AddressInfo).port;
        resolve(true);
      });
    });
  }
  close() {
    return new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

let portal: TestPortal;
let admin: string;
const v4 = new Listener();
const v6 = new Listener();
let hasV6 = false;

beforeAll(async () => {
  portal = await createTestPortal({
    env: { ALLOW_PRIVATE_PROVIDER_URLS: 'false', PROVIDER_BACKOFF_MS: '10' },
  });
  admin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  await v4.listen('127.0.0.1');
  hasV6 = await v6.listen('::1');
});
afterAll(async () => {
  await v4.close();
  if (hasV6) await v6.close();
  await portal?.close();
});

const refusal = (address: string) =>
  `The provider address resolves to ${address}, a loopback address; set ALLOW_PRIVATE_PROVIDER_URLS=true to allow private provider addresses`;

async function testConnection(apiBaseUrl: string) {
  const tenant = (
    await portal.api.post('/api/v1/global-admin/tenants', {
      token: admin,
      body: buildTenantInput({ apiBaseUrl }),
    })
  ).json() as Tenant;
  const res = await portal.api.post(`/api/v1/global-admin/tenants/${tenant.id}/test-connection`, {
    token: admin,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { ok: boolean; message: string };
}

describe('with ALLOW_PRIVATE_PROVIDER_URLS=false', () => {
  it('test-connection refuses 127.0.0.1 before connecting, and says why', async () => {
    expect(await testConnection(`http://127.0.0.1:${v4.port}/optima`)).toEqual({
      ok: false,
      message: refusal('127.0.0.1'),
    });
    expect(v4.connections).toBe(0);
  });

  it('test-connection refuses a host name that resolves to loopback (localhost)', async () => {
    const outcome = await testConnection(`http://localhost:${v4.port}`);
    expect(outcome.ok).toBe(false);
    expect([refusal('127.0.0.1'), refusal('::1')]).toContain(outcome.message);
    expect(v4.connections).toBe(0);
  });

  it('test-connection refuses [::1] and a loopback address written as IPv6', async () => {
    const port = hasV6 ? v6.port : v4.port;
    expect(await testConnection(`http://[::1]:${port}`)).toEqual({ ok: false, message: refusal('::1') });
    expect(await testConnection(`http://[::ffff:127.0.0.1]:${v4.port}`)).toEqual({
      ok: false,
      message: refusal('::ffff:7f00:1'),
    });
    expect(v4.connections + v6.connections).toBe(0);
  });

  it("the account name provider's test-connection refuses a loopback address too (issue #36)", async () => {
    const tenant = (
      await portal.api.post('/api/v1/global-admin/tenants', {
        token: admin,
        body: buildTenantInput({
          accountProvider: {
            apiBaseUrl: `http://127.0.0.1:${v4.port}`,
            clientId: 'guarded',
            clientSecret: 'guarded-secret',
          },
        }),
      })
    ).json() as Tenant;
    const res = await portal.api.post(
      `/api/v1/global-admin/tenants/${tenant.id}/account-provider/test-connection`,
      { token: admin },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: false, message: refusal('127.0.0.1') });
    expect(v4.connections).toBe(0);
  });

  it('a bulk verification against a loopback provider fails with the reason and connects to nothing', async () => {
    const t = await createTenantWithAdmin(portal);
    const put = await portal.api.put(`/api/v1/global-admin/tenants/${t.tenant.id}`, {
      token: admin,
      body: buildTenantInput({ subdomain: t.tenant.subdomain, apiBaseUrl: `http://127.0.0.1:${v4.port}` }),
    });
    expect(put.statusCode, put.body).toBe(200);
    await seedRecords(portal, t.tenant.id, [
      { fullName: 'Guarded Person', nin: '31000000001', psn: 'PSN-G1', dateOfBirth: '1980-01-02' },
    ]);
    expect((await portal.api.post('/api/v1/records/bulk-verify', { token: t.token })).statusCode).toBe(202);
    const job = await waitFor(async () => {
      const [j] = (await portal.api.get('/api/v1/bulk-jobs', { token: t.token })).json() as BulkJob[];
      return j && ['COMPLETED', 'FAILED'].includes(j.status) ? j : undefined;
    }, 30_000);
    expect(job.status).toBe('FAILED');
    expect(job.statusMessage).toContain(refusal('127.0.0.1'));
    expect(v4.connections).toBe(0);
  });
});

describe('ALLOW_PRIVATE_PROVIDER_URLS', () => {
  const allowOf = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: '/tmp/unused', ...env }, []).provider.allowPrivateAddresses;

  it('is on in demo mode and off otherwise, unless set', () => {
    expect(allowOf({})).toBe(true); // demo: the simulator listens on 127.0.0.1
    expect(allowOf({ DATABASE_URL: 'postgres://db.example/portal' })).toBe(false);
    expect(allowOf({ DEMO: 'false' })).toBe(false);
    expect(allowOf({ NODE_ENV: 'production', PORTAL_SECRET: 's'.repeat(32) })).toBe(false);
    expect(allowOf({ DEMO: 'true', ALLOW_PRIVATE_PROVIDER_URLS: 'false' })).toBe(false);
    expect(allowOf({ DEMO: 'false', ALLOW_PRIVATE_PROVIDER_URLS: 'true' })).toBe(true);
  });
});
