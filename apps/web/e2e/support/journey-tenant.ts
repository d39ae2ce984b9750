import { expect, type APIRequestContext } from '@playwright/test';
import { CSRF_COOKIE, CSRF_HEADER } from '@portal/contract/api-paths';
import { DEMO_CREDENTIALS } from '@portal/optima/demo-provider';
import { DEMO_USERS } from './demo-users.ts';

export interface JourneyTenant {
  name: string;
  subdomain: string;
  stateCode: string;
  description?: string;
}

export interface JourneyAdmin {
  fullName: string;
  email: string;
  password: string;
}

/**
 * A tenant of a journey's own, pointed at the demo identity simulator like the demo tenant, with
 * its tenant admin, created by the global administrator through the API. Journeys that need an
 * empty tenant, or that upload and decide, use one: the demo tenant arrives seeded (the sample
 * list verified, the reviewer assigned, the employee linked) and the other journeys read it so.
 */
export async function createTenantOnDemoSimulator(
  request: APIRequestContext,
  tenant: JourneyTenant,
  admin: JourneyAdmin,
): Promise<{ tenantId: string }> {
  const signIn = await request.post('/api/v1/auth/authenticate', {
    data: { email: DEMO_USERS.globalAdmin.email, password: DEMO_USERS.globalAdmin.password },
  });
  expect(signIn.status(), 'sign-in of the global administrator').toBe(200);
  const { token } = (await signIn.json()) as { token: string };
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.value;
  expect(csrf, 'the server hands out the CSRF cookie').toBeTruthy();
  const headers = { Authorization: `Bearer ${token}`, [CSRF_HEADER]: csrf! };

  const list = await request.get('/api/v1/global-admin/tenants', { headers });
  expect(list.status()).toBe(200);
  const demo = ((await list.json()) as { subdomain: string; identitySourceConfig: string | null }[]).find(
    (t) => t.subdomain === 'demo',
  );
  const simulatorUrl = (JSON.parse(demo?.identitySourceConfig ?? '{}') as { apiBaseUrl?: string }).apiBaseUrl;
  expect(simulatorUrl, 'demo mode points the demo tenant at the simulator').toBeTruthy();

  const created = await request.post('/api/v1/global-admin/tenants', {
    headers,
    data: {
      description: `Tenant of the ${tenant.name} journey`,
      ...tenant,
      subscriptionStatus: 'ACTIVE',
      providerName: 'OPTIMA',
      apiBaseUrl: simulatorUrl,
      clientId: DEMO_CREDENTIALS.clientId,
      clientSecretEncrypted: DEMO_CREDENTIALS.clientSecret,
      aesKey: DEMO_CREDENTIALS.aesKey,
      iv: DEMO_CREDENTIALS.iv,
    },
  });
  expect(created.status(), `create tenant: ${await created.text()}`).toBe(201);
  const { id: tenantId } = (await created.json()) as { id: string };

  const registered = await request.post('/api/v1/auth/register', {
    headers,
    data: { ...admin, role: 'TENANT_ADMIN', tenantId },
  });
  expect(registered.status(), `register the tenant admin: ${await registered.text()}`).toBe(201);
  return { tenantId };
}
