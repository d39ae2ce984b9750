import type { Tenant, TenantCreate } from '@portal/contract/tenants';
import { buildTenantInput, buildUserInput } from './factories.ts';
import { simCredentials } from './simulator-process.ts';
import { DEMO_ADMIN, type TestPortal } from './test-portal.ts';

/** A second tenant with its own admin, created through the global admin's API. */
export async function createTenantWithAdmin(
  portal: TestPortal,
  role = 'TENANT_ADMIN',
  overrides: Partial<TenantCreate> = {},
) {
  const admin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const tenant = (
    await portal.api.post('/api/v1/global-admin/tenants', { token: admin, body: buildTenantInput(overrides) })
  ).json() as Tenant;
  const user = buildUserInput(tenant.id, { role });
  const res = await portal.api.post('/api/v1/auth/register', { token: admin, body: user });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  return { tenant, token: await portal.login(user.email, user.password), email: user.email };
}

/** Points a tenant's identity provider at a simulator (its demo credentials), as the global admin. */
export async function pointTenantAtSimulator(
  portal: TestPortal,
  tenant: { id: string; subdomain: string },
  simUrl: string,
): Promise<void> {
  const admin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const res = await portal.api.put(`/api/v1/global-admin/tenants/${tenant.id}`, {
    token: admin,
    body: buildTenantInput({
      subdomain: tenant.subdomain,
      apiBaseUrl: simUrl,
      clientId: simCredentials.clientId,
      clientSecretEncrypted: simCredentials.clientSecret,
      aesKey: simCredentials.aesKey,
      iv: simCredentials.iv,
    }),
  });
  if (res.statusCode !== 200) throw new Error(`pointing the tenant at the simulator failed: ${res.body}`);
}
