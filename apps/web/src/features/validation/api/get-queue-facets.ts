import { queryOptions, useQuery } from '@tanstack/react-query';
import { FacetsSchema, type Facets } from '@portal/contract/records';
import { apiRequest } from '../../../lib/api-client.ts';
import { QUEUE_FACETS_PATH, validationKeys } from './validation-keys.ts';

/** Filter values: the tenant's for a tenant admin, those of a reviewer's own queues for a reviewer. */
export function getQueueFacets(signal?: AbortSignal): Promise<Facets> {
  return apiRequest(QUEUE_FACETS_PATH, { schema: FacetsSchema, signal });
}

export function queueFacetsQueryOptions() {
  return queryOptions({ queryKey: validationKeys.facets(), queryFn: ({ signal }) => getQueueFacets(signal) });
}

export function useQueueFacets() {
  return useQuery(queueFacetsQueryOptions());
}
