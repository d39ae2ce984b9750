import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { TENANTS_PATH, tenantKeys } from './tenant-keys.ts';

/** true when no tenant uses `subdomain` yet. */
export function checkSubdomain(subdomain: string, signal?: AbortSignal): Promise<boolean> {
  return apiRequest(`${TENANTS_PATH}/check-subdomain/${encodeURIComponent(subdomain)}`, {
    schema: z.boolean(),
    signal,
  });
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
