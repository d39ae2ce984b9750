import { useMutation } from '@tanstack/react-query';
import { TestConnectionResultSchema, type TestConnectionResult } from '@portal/contract/tenants';
import { apiRequest } from '../../../lib/api-client.ts';
import { tenantPath } from './tenant-keys.ts';

/** Asks the tenant's identity provider for a token with the stored settings. */
export function testTenantConnection(tenantId: string): Promise<TestConnectionResult> {
  return apiRequest(`${tenantPath(tenantId)}/test-connection`, {
    method: 'POST',
    schema: TestConnectionResultSchema,
  });
}

export function useTestTenantConnection() {
  return useMutation({ mutationFn: testTenantConnection });
}
