import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MasterRecord } from '@portal/contract/records';
import { VALIDATION_ROUTES } from '@portal/contract/routes/validation';
import { callApi } from '../../../lib/api-client.ts';
import { validationKeys } from './validation-keys.ts';

/**
 * One record in full (issue #31 item 3): lists mask the identity and bank numbers, so a form that
 * edits them opens with this audited view (a RECORD_VIEWED event each time).
 */
export function getRecord(id: string, signal?: AbortSignal): Promise<MasterRecord> {
  return callApi(VALIDATION_ROUTES.record, { params: { id }, signal });
}

export function recordQueryOptions(id: string) {
  return queryOptions({
    queryKey: validationKeys.record(id),
    queryFn: ({ signal }) => getRecord(id, signal),
  });
}

/** Always fetched afresh (never a cached copy): the form edits what the record holds now. */
export function useRecord(id: string) {
  return useQuery({ ...recordQueryOptions(id), refetchOnMount: 'always', gcTime: 0 });
}
