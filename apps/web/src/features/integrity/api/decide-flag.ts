import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntegrityDecisionInput, IntegrityFlag } from '@portal/contract/integrity';
import { INTEGRITY_ROUTES } from '@portal/contract/routes/integrity';
import { callApi } from '../../../lib/api-client.ts';
import { approvalsQueryKey } from '../../../lib/pending-approvals.ts';
import { integrityKeys } from './integrity-keys.ts';

export function decideFlag(id: string, decision: IntegrityDecisionInput): Promise<IntegrityFlag> {
  return callApi(INTEGRITY_ROUTES.decide, { params: { id }, body: decision });
}

/** CONFIRM or DISMISS a flag; the flags and the figures are read again afterwards, done or refused. */
export function useDecideFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: IntegrityDecisionInput }) =>
      decideFlag(id, decision),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: integrityKeys.flags }),
        queryClient.invalidateQueries({ queryKey: integrityKeys.summary }),
        // A confirmation may await a second approver (issue #22): the tab's badge counts it at once.
        queryClient.invalidateQueries({ queryKey: approvalsQueryKey }),
      ]);
    },
  });
}
