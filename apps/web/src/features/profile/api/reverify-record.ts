import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReverifyResponse } from '@portal/contract/claims';
import { CLAIMS_ROUTES } from '@portal/contract/routes/claims';
import { callApi } from '../../../lib/api-client.ts';
import { myRecordKey } from './get-my-record.ts';

export interface ReverifyInput {
  recordId: string;
  ssid: string;
  nin: string;
}

/** POST /agent/records/{id}/verify: re-verification of a record awaiting it (SPEC §7). */
export function reverifyRecord({ recordId, ...body }: ReverifyInput): Promise<ReverifyResponse> {
  return callApi(CLAIMS_ROUTES.reverify, { params: { id: recordId }, body });
}

/** Afterwards the record has its new status: reload it. */
export function useReverifyRecord(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reverifyRecord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myRecordKey(userId) }),
  });
}
