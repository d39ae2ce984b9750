import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Tenant } from '@portal/contract/tenants';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { buildTenantInput, buildUserInput } from '../helpers/factories.ts';

let portal: TestPortal;
let tenant: Tenant;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  portal = await createTestPortal();
  const admin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  tenant = (
    await portal.api.post('/api/v1/global-admin/tenants', { token: admin, body: buildTenantInput() })
  ).json() as Tenant;
  for (const role of ['TENANT_MANAGER', 'TENANT_USER']) {
    const user = buildUserInput(tenant.id, { role });
    await portal.api.post('/api/v1/auth/register', { token: admin, body: user });
    tokens[role] = await portal.login(user.email, user.password);
  }
  tokens.TENANT_ADMIN = await portal.login('tenant.admin@demo.local');
  tokens.REVIEWER = await portal.login('reviewer@demo.local');
  tokens.AGENT = await portal.login('agent@demo.local');
  tokens.SELF_SERVICE_USER = await portal.login('employee@demo.local');
});
afterAll(async () => {
  await portal?.close();
});

const routes = () =>
  [
    ['GET', '/api/v1/global-admin/tenants', undefined],
    ['POST', '/api/v1/global-admin/tenants', buildTenantInput()],
    ['PUT', `/api/v1/global-admin/tenants/${tenant.id}`, buildTenantInput({ subdomain: tenant.subdomain })],
    ['DELETE', `/api/v1/global-admin/tenants/${tenant.id}`, undefined],
    ['GET', `/api/v1/global-admin/tenants/check-subdomain/${tenant.subdomain}`, undefined],
    ['GET', `/api/v1/global-admin/tenants/${tenant.id}/users`, undefined],
    ['POST', `/api/v1/global-admin/tenants/${tenant.id}/test-connection`, undefined],
    ['POST', '/api/v1/auth/register', buildUserInput(tenant.id)],
    ['GET', '/api/v1/global-admin/overview', undefined],
  ] as const;

it('every global-admin route answers 403 to each other role and 401 without a token, changing nothing', async () => {
  for (const [method, url, body] of routes()) {
    const anonymous = await portal.api.call(method, url, { body });
    expect(anonymous.statusCode, `${method} ${url} without a token`).toBe(401);
    for (const [role, token] of Object.entries(tokens)) {
      const res = await portal.api.call(method, url, { token, body });
      expect(res.statusCode, `${method} ${url} as ${role}`).toBe(403);
      expect(res.json()).toEqual({ message: 'Access denied', code: 'FORBIDDEN' });
    }
  }
  const admin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const list = (await portal.api.get('/api/v1/global-admin/tenants', { token: admin })).json() as Tenant[];
  expect(list.map((t) => t.id)).toContain(tenant.id);
  expect(list).toHaveLength(2);
});
