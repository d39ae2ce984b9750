import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApprovalsPage, ApprovalsQuery } from '@portal/contract/decisions';
import { APPROVALS_ROUTES } from '@portal/contract/routes/decisions';
import { callApi } from '../../../lib/api-client.ts';
import { APPROVALS_POLL_MS } from '../../../lib/pending-approvals.ts';
import { approvalsKeys } from './approvals-keys.ts';

export function getApprovals(query: ApprovalsQuery, signal?: AbortSignal): Promise<ApprovalsPage> {
  return callApi(APPROVALS_ROUTES.list, { query, signal });
}

/** A page of the PENDING actions, oldest first; kept on screen while the next page loads. */
export function useApprovals(query: ApprovalsQuery) {
  return useQuery({
    queryKey: approvalsKeys.page(query),
    queryFn: ({ signal }) => getApprovals(query, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
    refetchInterval: APPROVALS_POLL_MS,
  });
}
