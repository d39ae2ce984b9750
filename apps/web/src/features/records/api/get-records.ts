import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RecordsPageSchema, type RecordsPage, type RecordsSearch } from '@portal/contract/records';
import { apiRequest } from '../../../lib/api-client.ts';
import { toQueryString, type RecordsListQuery } from '../records-query.ts';

/** Shared with the uploads feature by value: an upload invalidates ['records']. */
export const RECORDS_LIST_KEY = ['records', 'list'] as const;

/** GET /records; with ids (View Records after an upload: thousands of them), POST /records/search. */
export function getRecords(query: RecordsListQuery, signal?: AbortSignal): Promise<RecordsPage> {
  if (query.ids.length > 0) {
    return apiRequest('/api/v1/records/search', {
      method: 'POST',
      body: query satisfies RecordsSearch,
      schema: RecordsPageSchema,
      signal,
    });
  }
  return apiRequest(`/api/v1/records?${toQueryString(query)}`, { schema: RecordsPageSchema, signal });
}

export function recordsQueryOptions(query: RecordsListQuery) {
  return queryOptions({
    queryKey: [...RECORDS_LIST_KEY, query],
    queryFn: ({ signal }) => getRecords(query, signal),
    // The table keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useRecords(query: RecordsListQuery) {
  return useQuery(recordsQueryOptions(query));
}
