import { useMutation } from '@tanstack/react-query';
import type { NotifyResponse } from '@portal/contract/records';
import { RECORDS_ROUTES } from '@portal/contract/routes/records';
import { callApi } from '../../../lib/api-client.ts';

/** POST /records/notify: queues re-verification notices to the employees of the records. */
export function notifyRecords(recordIds: readonly string[]): Promise<NotifyResponse> {
  return callApi(RECORDS_ROUTES.notify, { body: { recordIds: [...recordIds] } });
}

/** Notifying changes no record, so nothing is invalidated. */
export function useNotifyRecords() {
  return useMutation({ mutationFn: notifyRecords });
}
