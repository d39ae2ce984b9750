import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordsPage, RecordsSearch } from '@portal/contract/records';
import { RECORDS_ROUTES } from '@portal/contract/routes/records';
import { callApi } from '../../../lib/api-client.ts';
import type { RecordsListQuery } from '../records-query.ts';

/** Shared with the uploads feature by value: an upload invalidates ['records']. */
export const RECORDS_LIST_KEY = ['records', 'list'] as const;

/**
 * GET /records, a filter key repeated for several values; with ids (View Records after an upload:
 * thousands of them, and a request line holds about 300), POST /records/search.
 */
export function getRecords(query: RecordsListQuery, signal?: AbortSignal): Promise<RecordsPage> {
  if (query.ids.length > 0) {
    return callApi(RECORDS_ROUTES.search, { body: query satisfies RecordsSearch, signal });
  }
  const { page, pageSize, ministry, department, grade, status, q } = query;
  return callApi(RECORDS_ROUTES.list, {
    query: { page, pageSize, ministry, department, grade, status, q },
    signal,
  });
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
