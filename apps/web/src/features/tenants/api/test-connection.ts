import { useMutation } from '@tanstack/react-query';
import { TENANTS_ROUTES } from '@portal/contract/routes/tenants';
import type { TestConnectionResult } from '@portal/contract/tenants';
import { callApi } from '../../../lib/api-client.ts';

/** Asks the tenant's identity provider for a token with the stored settings. */
export function testTenantConnection(tenantId: string): Promise<TestConnectionResult> {
  return callApi(TENANTS_ROUTES.testConnection, { params: { id: tenantId } });
}

export function useTestTenantConnection() {
  return useMutation({ mutationFn: testTenantConnection });
}

/** Asks the tenant's account name provider (issue #36) for a token with the stored settings. */
export function testAccountProvider(tenantId: string): Promise<TestConnectionResult> {
  return callApi(TENANTS_ROUTES.testAccountProvider, { params: { id: tenantId } });
}

export function useTestAccountProvider() {
  return useMutation({ mutationFn: testAccountProvider });
}
