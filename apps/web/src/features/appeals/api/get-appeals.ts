import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AppealsPage, AppealsQuery } from '@portal/contract/appeals';
import { APPEALS_ROUTES } from '@portal/contract/routes/appeals';
import { callApi } from '../../../lib/api-client.ts';
import { appealsKeys } from './appeals-keys.ts';

export function getAppeals(query: AppealsQuery, signal?: AbortSignal): Promise<AppealsPage> {
  return callApi(APPEALS_ROUTES.list, { query, signal });
}

export const appealsQueryOptions = (query: AppealsQuery) =>
  queryOptions({
    queryKey: appealsKeys.list(query),
    queryFn: ({ signal }) => getAppeals(query, signal),
    // The table keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** GET /appeals: the queue (a reviewer: their assignments'; an employee: their own), one page. */
export const useAppeals = (query: AppealsQuery) => useQuery(appealsQueryOptions(query));

/** Another handler's or the employee's move arrives without a call of ours: the badge looks again this often. */
export const APPEALS_BADGE_POLL_MS = 60_000;

/** How many appeals wait for a handler's move (OPEN): the destination's badge. */
export const useOpenAppealsCount = () =>
  useQuery({
    queryKey: appealsKeys.openCount(),
    queryFn: ({ signal }) => getAppeals({ status: 'OPEN', page: 1, pageSize: 1 }, signal),
    select: (page) => page.total,
    refetchInterval: APPEALS_BADGE_POLL_MS,
  });

/** The employee's own appeals (GET /appeals answers an employee with theirs), newest deadline first. */
export const useMyAppeals = (userId: string) =>
  useQuery({
    queryKey: appealsKeys.mine(userId),
    queryFn: ({ signal }) => getAppeals({ page: 1, pageSize: 20 }, signal),
    select: (page) => page.items,
  });
