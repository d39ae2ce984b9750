import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Facets } from '@portal/contract/records';
import { RECORDS_ROUTES } from '@portal/contract/routes/records';
import { callApi } from '../../../lib/api-client.ts';

export const RECORD_FACETS_KEY = ['records', 'facets'] as const;

/** Filter values: ministries and departments by id and name, grades, statuses. */
export function getRecordFacets(signal?: AbortSignal): Promise<Facets> {
  return callApi(RECORDS_ROUTES.facets, { signal });
}

export function recordFacetsQueryOptions() {
  return queryOptions({ queryKey: RECORD_FACETS_KEY, queryFn: ({ signal }) => getRecordFacets(signal) });
}

export function useRecordFacets() {
  return useQuery(recordFacetsQueryOptions());
}
