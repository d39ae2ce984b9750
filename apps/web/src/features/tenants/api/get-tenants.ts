import { queryOptions, useQuery } from '@tanstack/react-query';
import { TENANTS_ROUTES } from '@portal/contract/routes/tenants';
import type { Tenant } from '@portal/contract/tenants';
import { callApi } from '../../../lib/api-client.ts';
import { tenantKeys } from './tenant-keys.ts';

export function getTenants(signal?: AbortSignal): Promise<Tenant[]> {
  return callApi(TENANTS_ROUTES.list, { signal });
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
