import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { TenantUserSchema, type TenantUser } from '@portal/contract/tenant-users';
import { apiRequest } from '../../../lib/api-client.ts';
import { tenantKeys, tenantPath } from './tenant-keys.ts';

export function getTenantUsers(tenantId: string, signal?: AbortSignal): Promise<TenantUser[]> {
  return apiRequest(`${tenantPath(tenantId)}/users`, { schema: z.array(TenantUserSchema), signal });
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
