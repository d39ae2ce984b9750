import { useQuery } from '@tanstack/react-query';
import { APPROVALS_ROUTES } from '@portal/contract/routes/decisions';
import { callApi } from './api-client.ts';

/**
 * Every approvals query sits below this key (issue #22, four-eyes): the list of the 'Pending my
 * approval' tab and its badge. A decision that may create an approval (a rejection, a confirmed
 * flag, an export) invalidates it, so the badge counts at once.
 */
export const approvalsQueryKey = ['approvals'] as const;

/** Another tenant admin's action arrives without a call of ours: the badge looks again this often. */
export const APPROVALS_POLL_MS = 30_000;

/** How many PENDING actions the signed-in tenant admin may approve (not their own): the tab's badge. */
export function usePendingApprovalsCount(enabled = true) {
  return useQuery({
    queryKey: [...approvalsQueryKey, 'count'],
    queryFn: ({ signal }) =>
      callApi(APPROVALS_ROUTES.list, { query: { status: 'PENDING', page: 1, pageSize: 1 }, signal }),
    select: (page) => page.awaitingMe,
    enabled,
    refetchInterval: APPROVALS_POLL_MS,
  });
}
