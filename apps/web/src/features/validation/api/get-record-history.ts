import { queryOptions, useQuery } from '@tanstack/react-query';
import { VALIDATION_ROUTES } from '@portal/contract/routes/validation';
import { callApi } from '../../../lib/api-client.ts';
import { validationKeys } from './validation-keys.ts';

/** The last 100 events are plenty for a dialog; older ones stay in the audit trail. */
export const HISTORY_PAGE_SIZE = 100;

/** The record's history, newest first. */
export function getRecordHistory(id: string, signal?: AbortSignal) {
  return callApi(VALIDATION_ROUTES.history, {
    params: { id },
    query: { page: 1, pageSize: HISTORY_PAGE_SIZE },
    signal,
  });
}

export function recordHistoryQueryOptions(id: string) {
  return queryOptions({
    queryKey: validationKeys.history(id),
    queryFn: ({ signal }) => getRecordHistory(id, signal),
  });
}

export function useRecordHistory(id: string) {
  return useQuery({ ...recordHistoryQueryOptions(id), refetchOnMount: 'always' });
}
