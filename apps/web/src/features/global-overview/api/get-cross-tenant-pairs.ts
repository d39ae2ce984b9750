import { useQuery } from '@tanstack/react-query';
import { INTEGRITY_ROUTES } from '@portal/contract/routes/integrity';
import type { CrossTenantPairs } from '@portal/contract/integrity';
import { callApi } from '../../../lib/api-client.ts';
import { OVERVIEW_REFRESH_MS } from './get-platform-overview.ts';

export function getCrossTenantPairs(signal?: AbortSignal): Promise<CrossTenantPairs> {
  return callApi(INTEGRITY_ROUTES.crossTenantPairs, { signal });
}

/**
 * The pairs of tenants whose payrolls share identifiers (issue #36 item 4): counts, never people;
 * live like the figures beside them.
 */
export function useCrossTenantPairs() {
  return useQuery({
    queryKey: ['global-admin', 'cross-tenant-pairs'],
    queryFn: ({ signal }) => getCrossTenantPairs(signal),
    refetchOnMount: 'always',
    refetchInterval: OVERVIEW_REFRESH_MS,
  });
}
