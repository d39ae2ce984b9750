import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { TenantSchema, type Tenant } from '@portal/contract/tenants';
import { apiRequest } from '../../../lib/api-client.ts';
import { TENANTS_PATH, tenantKeys } from './tenant-keys.ts';

export function getTenants(signal?: AbortSignal): Promise<Tenant[]> {
  return apiRequest(TENANTS_PATH, { schema: z.array(TenantSchema), signal });
}

/**
 * The tenant list is loaded once and then kept by the mutations (created appended, updated
 * replaced, deleted removed: SPEC §4), so it never goes stale on its own.
 */
export function tenantsQueryOptions() {
  return queryOptions({
    queryKey: tenantKeys.list(),
    queryFn: ({ signal }) => getTenants(signal),
    staleTime: Infinity,
  });
}

export function useTenants() {
  return useQuery(tenantsQueryOptions());
}
