import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntegritySummary } from '@portal/contract/integrity';
import { INTEGRITY_ROUTES } from '@portal/contract/routes/integrity';
import { callApi } from '../../../lib/api-client.ts';
import { integrityKeys } from './integrity-keys.ts';

export function evaluateNow(): Promise<IntegritySummary> {
  return callApi(INTEGRITY_ROUTES.evaluate);
}

/** Asks for an evaluation now; the answer (RUNNING or STALE) starts the summary's polling. */
export function useEvaluateNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: evaluateNow,
    onSuccess: (summary) => queryClient.setQueryData(integrityKeys.summary, summary),
  });
}
