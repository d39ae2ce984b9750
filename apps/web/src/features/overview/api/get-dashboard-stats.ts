import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE } from '@portal/contract/api-paths';
import { DashboardStatsSchema, type DashboardStats } from '@portal/contract/verification';
import { apiRequest } from '../../../lib/api-client.ts';

export const DASHBOARD_STATS_PATH = `${API_BASE}/tenant-admin/dashboard/stats`;

/** The key other screens invalidate when the figures change (a bulk job finishing). */
export const dashboardStatsQueryKey = ['tenant-admin', 'dashboard-stats'] as const;

export function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return apiRequest(DASHBOARD_STATS_PATH, { schema: DashboardStatsSchema, signal });
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
