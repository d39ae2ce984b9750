import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Approval } from '@portal/contract/decisions';
import { APPROVALS_ROUTES } from '@portal/contract/routes/decisions';
import { callApi } from '../../../lib/api-client.ts';

export type ApprovalAction =
  | { action: 'approve'; id: string }
  | { action: 'decline'; id: string; note: string }
  | { action: 'withdraw'; id: string };

export function decideApproval(input: ApprovalAction): Promise<Approval> {
  const params = { id: input.id };
  switch (input.action) {
    case 'approve':
      return callApi(APPROVALS_ROUTES.approve, { params, body: {} });
    case 'decline':
      return callApi(APPROVALS_ROUTES.decline, { params, body: { note: input.note } });
    case 'withdraw':
      return callApi(APPROVALS_ROUTES.withdraw, { params });
  }
}

/**
 * Approve, decline or withdraw. Settled, every query is read again: an approval changes a record
 * (queues, lists, counts, the integrity flags) or makes an export downloadable, so no narrower key
 * covers it.
 */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApproval,
    onSettled: () => queryClient.invalidateQueries(),
  });
}
