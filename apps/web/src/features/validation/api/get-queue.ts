import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueuePage } from '@portal/contract/validation';
import { callApi } from '../../../lib/api-client.ts';
import { QUEUE_ROUTES, validationKeys, type QueueKind } from './validation-keys.ts';

export interface QueueFilters {
  /** Ministry and department ids (from the facets); grades by value. */
  ministry: string[];
  department: string[];
  grade: string[];
}

export const NO_QUEUE_FILTERS: QueueFilters = { ministry: [], department: [], grade: [] };

export interface QueueListQuery extends QueueFilters {
  /** 1-based, as the API counts. */
  page: number;
  pageSize: number;
  /** A search by name, PSN or Work ID, on both tabs; '' for none. */
  q: string;
}

/** One page of a queue, with both tabs' counts under the same filters (the badges). */
export function getQueue(kind: QueueKind, query: QueueListQuery, signal?: AbortSignal): Promise<QueuePage> {
  const { page, pageSize, ministry, department, grade, q } = query;
  return callApi(QUEUE_ROUTES[kind], { query: { page, pageSize, ministry, department, grade, q }, signal });
}

export function queueQueryOptions(kind: QueueKind, query: QueueListQuery) {
  return queryOptions({
    queryKey: validationKeys.queue(kind, query),
    queryFn: ({ signal }) => getQueue(kind, query, signal),
    // The page stays on screen while the next one (or the reload after a decision) arrives;
    // never another queue's rows under this queue's tab (their row actions differ).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === kind ? keepPreviousData(previous) : undefined,
  });
}

/** A queue is someone's work list: always fetched afresh when the screen opens. */
export function useQueue(kind: QueueKind, query: QueueListQuery) {
  return useQuery({ ...queueQueryOptions(kind, query), refetchOnMount: 'always' });
}
