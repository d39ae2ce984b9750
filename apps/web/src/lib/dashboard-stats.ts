import { queryOptions, useQuery } from '@tanstack/react-query';
import { VERIFICATION_ROUTES } from '@portal/contract/routes/verification';
import type { DashboardStats } from '@portal/contract/verification';
import { callApi } from './api-client.ts';

/** The key other screens invalidate when the figures change (a bulk job finishing). */
export const dashboardStatsQueryKey = ['tenant-admin', 'dashboard-stats'] as const;

export function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return callApi(VERIFICATION_ROUTES.dashboardStats, { signal });
}

export function dashboardStatsQueryOptions() {
  return queryOptions({
    queryKey: dashboardStatsQueryKey,
    queryFn: ({ signal }) => getDashboardStats(signal),
  });
}

/** The tenant figures, fetched afresh whenever a screen showing them opens. */
export function useDashboardStats() {
  return useQuery({ ...dashboardStatsQueryOptions(), refetchOnMount: 'always' });
}
