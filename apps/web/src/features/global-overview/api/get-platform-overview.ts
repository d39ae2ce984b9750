import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE } from '@portal/contract/api-paths';
import { PlatformOverviewSchema, type PlatformOverview } from '@portal/contract/tenants';
import { apiRequest } from '../../../lib/api-client.ts';

export const OVERVIEW_REFRESH_MS = 30_000;

export function getPlatformOverview(signal?: AbortSignal): Promise<PlatformOverview> {
  return apiRequest(`${API_BASE}/global-admin/overview`, { schema: PlatformOverviewSchema, signal });
}

export function platformOverviewQueryOptions() {
  return queryOptions({
    queryKey: ['global-admin', 'overview'],
    queryFn: ({ signal }) => getPlatformOverview(signal),
  });
}

/** Live metrics: fetched whenever the tab opens, then every 30 s while it stays open and visible. */
export function usePlatformOverview() {
  return useQuery({
    ...platformOverviewQueryOptions(),
    refetchOnMount: 'always',
    refetchInterval: OVERVIEW_REFRESH_MS,
  });
}
