import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UploadHistoryEntry } from '@portal/contract/records';
import { RECORDS_ROUTES } from '@portal/contract/routes/records';
import { callApi } from '../../../lib/api-client.ts';
import { UPLOAD_HISTORY_KEY } from './records-keys.ts';

export function getUploadHistory(signal?: AbortSignal): Promise<UploadHistoryEntry[]> {
  return callApi(RECORDS_ROUTES.uploads, { signal });
}

export function uploadHistoryQueryOptions() {
  return queryOptions({ queryKey: UPLOAD_HISTORY_KEY, queryFn: ({ signal }) => getUploadHistory(signal) });
}

export function useUploadHistory() {
  return useQuery(uploadHistoryQueryOptions());
}
