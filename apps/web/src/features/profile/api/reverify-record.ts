import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReverifyResponseSchema, type ReverifyResponse } from '@portal/contract/claims';
import { apiRequest } from '../../../lib/api-client.ts';
import { myRecordKey } from './get-my-record.ts';

export interface ReverifyInput {
  recordId: string;
  ssid: string;
  nin: string;
}

/** POST /agent/records/{id}/verify: re-verification of a record awaiting it (SPEC §7). */
export function reverifyRecord({ recordId, ...body }: ReverifyInput): Promise<ReverifyResponse> {
  return apiRequest(`/api/v1/agent/records/${encodeURIComponent(recordId)}/verify`, {
    method: 'POST',
    body,
    schema: ReverifyResponseSchema,
  });
}

/** Afterwards the record has its new status: reload it. */
export function useReverifyRecord(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reverifyRecord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myRecordKey(userId) }),
  });
}
