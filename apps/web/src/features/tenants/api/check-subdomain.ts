import { queryOptions } from '@tanstack/react-query';
import { TENANTS_ROUTES } from '@portal/contract/routes/tenants';
import { callApi } from '../../../lib/api-client.ts';
import { tenantKeys } from './tenant-keys.ts';

/** true when no tenant uses `subdomain` yet. */
export function checkSubdomain(subdomain: string, signal?: AbortSignal): Promise<boolean> {
  return callApi(TENANTS_ROUTES.checkSubdomain, { params: { subdomain }, signal });
}

export function subdomainAvailabilityQueryOptions(subdomain: string) {
  return queryOptions({
    queryKey: tenantKeys.subdomain(subdomain),
    queryFn: ({ signal }) => checkSubdomain(subdomain, signal),
    // Availability changes as tenants come and go: ask again each time, and fail fast.
    staleTime: 0,
    retry: false,
  });
}
