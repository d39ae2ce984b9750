import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { UploadHistoryEntrySchema, type UploadHistoryEntry } from '@portal/contract/records';
import { apiRequest } from '../../../lib/api-client.ts';
import { UPLOAD_HISTORY_KEY } from './records-keys.ts';

const UploadHistorySchema = z.array(UploadHistoryEntrySchema);

export function getUploadHistory(signal?: AbortSignal): Promise<UploadHistoryEntry[]> {
  return apiRequest('/api/v1/records/uploads', { schema: UploadHistorySchema, signal });
}

export function uploadHistoryQueryOptions() {
  return queryOptions({ queryKey: UPLOAD_HISTORY_KEY, queryFn: ({ signal }) => getUploadHistory(signal) });
}

export function useUploadHistory() {
  return useQuery(uploadHistoryQueryOptions());
}
