import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReverifyResponse } from '@portal/contract/claims';
import { CLAIMS_ROUTES } from '@portal/contract/routes/claims';
import { callApi } from './api-client.ts';

export interface ReverifyInput {
  recordId: string;
  ssid: string;
  nin: string;
}

/**
 * POST /agent/records/{id}/verify: re-verification of a record awaiting it (SPEC §7), by the
 * employee on their profile or by a field agent beside them (issue #33).
 */
export function reverifyRecord({ recordId, ...body }: ReverifyInput): Promise<ReverifyResponse> {
  return callApi(CLAIMS_ROUTES.reverify, { params: { id: recordId }, body });
}

/** The re-verification; afterwards the record has a new status, so `staleKey` is read again. */
export function useReverifyMutation(staleKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reverifyRecord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staleKey }),
  });
}

export type ReverifyMutation = ReturnType<typeof useReverifyMutation>;
