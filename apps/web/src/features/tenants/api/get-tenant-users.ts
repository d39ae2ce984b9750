import { queryOptions, useQuery } from '@tanstack/react-query';
import { TENANTS_ROUTES } from '@portal/contract/routes/tenants';
import type { TenantUser } from '@portal/contract/tenant-users';
import { callApi } from '../../../lib/api-client.ts';
import { tenantKeys } from './tenant-keys.ts';

export function getTenantUsers(tenantId: string, signal?: AbortSignal): Promise<TenantUser[]> {
  return callApi(TENANTS_ROUTES.users, { params: { id: tenantId }, signal });
}

export function tenantUsersQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: tenantKeys.users(tenantId),
    queryFn: ({ signal }) => getTenantUsers(tenantId, signal),
  });
}

export function useTenantUsers(tenantId: string) {
  return useQuery(tenantUsersQueryOptions(tenantId));
}
