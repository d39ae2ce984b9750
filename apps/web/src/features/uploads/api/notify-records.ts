import { useMutation } from '@tanstack/react-query';
import { NotifyResponseSchema, type NotifyResponse } from '@portal/contract/records';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /records/notify: queues re-verification notices to the employees of the records. */
export function notifyRecords(recordIds: readonly string[]): Promise<NotifyResponse> {
  return apiRequest('/api/v1/records/notify', {
    method: 'POST',
    body: { recordIds },
    schema: NotifyResponseSchema,
  });
}

/** Notifying changes no record, so nothing is invalidated. */
export function useNotifyRecords() {
  return useMutation({ mutationFn: notifyRecords });
}
