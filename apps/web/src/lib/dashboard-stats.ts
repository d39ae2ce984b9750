import { useQuery } from '@tanstack/react-query';
import { VERIFICATION_ROUTES } from '@portal/contract/routes/verification';
import { callApi } from './api-client.ts';
import { apiQueryOptions } from './api-query.ts';

/** The key other screens invalidate when the figures change (a bulk job finishing). */
export const dashboardStatsQueryKey = ['tenant-admin', 'dashboard-stats'] as const;

const dashboardStatsQueryOptions = () =>
  apiQueryOptions(dashboardStatsQueryKey, (signal) =>
    callApi(VERIFICATION_ROUTES.dashboardStats, { signal }),
  );

/** The tenant figures, fetched afresh whenever a screen showing them opens. */
export function useDashboardStats() {
  return useQuery({ ...dashboardStatsQueryOptions(), refetchOnMount: 'always' });
}
