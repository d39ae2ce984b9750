import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IntegritySummary } from '@portal/contract/integrity';
import { INTEGRITY_ROUTES } from '@portal/contract/routes/integrity';
import { callApi } from './api-client.ts';

/**
 * The integrity rules' figures (issue #21), shared by the Integrity tab and the overview's '₦ at
 * stake a month' card (features do not import each other).
 */
export const integritySummaryQueryKey = ['integrity', 'summary'] as const;

/** How often the figures are read again while the rules are being evaluated. */
export const INTEGRITY_POLL_MS = 1500;

export function getIntegritySummary(signal?: AbortSignal): Promise<IntegritySummary> {
  return callApi(INTEGRITY_ROUTES.summary, { signal });
}

export function integritySummaryQueryOptions() {
  return queryOptions({
    queryKey: integritySummaryQueryKey,
    queryFn: ({ signal }) => getIntegritySummary(signal),
  });
}

/** The figures, read afresh when a screen opens and polled until the evaluation is current. */
export function useIntegritySummary() {
  return useQuery({
    ...integritySummaryQueryOptions(),
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'CURRENT' ? INTEGRITY_POLL_MS : false,
  });
}
