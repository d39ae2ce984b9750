import { queryOptions, useQuery } from '@tanstack/react-query';
import { FacetsSchema, type Facets } from '@portal/contract/records';
import { apiRequest } from '../../../lib/api-client.ts';

export const RECORD_FACETS_KEY = ['records', 'facets'] as const;

/** Filter values: ministries and departments by id and name, grades, statuses. */
export function getRecordFacets(signal?: AbortSignal): Promise<Facets> {
  return apiRequest('/api/v1/records/facets', { schema: FacetsSchema, signal });
}

export function recordFacetsQueryOptions() {
  return queryOptions({ queryKey: RECORD_FACETS_KEY, queryFn: ({ signal }) => getRecordFacets(signal) });
}

export function useRecordFacets() {
  return useQuery(recordFacetsQueryOptions());
}
