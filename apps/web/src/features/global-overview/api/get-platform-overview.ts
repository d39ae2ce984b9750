import { queryOptions, useQuery } from '@tanstack/react-query';
import { OVERVIEW_ROUTES } from '@portal/contract/routes/overview';
import type { PlatformOverview } from '@portal/contract/tenants';
import { callApi } from '../../../lib/api-client.ts';

export const OVERVIEW_REFRESH_MS = 30_000;

export function getPlatformOverview(signal?: AbortSignal): Promise<PlatformOverview> {
  return callApi(OVERVIEW_ROUTES.platform, { signal });
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
