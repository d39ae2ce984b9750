import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuditPageSchema } from '@portal/contract/validation';
import { apiRequest } from '../../../lib/api-client.ts';
import { RECORD_PATHS, validationKeys } from './validation-keys.ts';

/** The last 100 events are plenty for a dialog; older ones stay in the audit trail. */
export const HISTORY_PAGE_SIZE = 100;

/** The record's history, newest first. */
export function getRecordHistory(id: string, signal?: AbortSignal) {
  return apiRequest(`${RECORD_PATHS.audit(id)}?page=1&pageSize=${HISTORY_PAGE_SIZE}`, {
    schema: AuditPageSchema,
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
