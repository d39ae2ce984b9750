import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Facets } from '@portal/contract/records';
import { VALIDATION_ROUTES } from '@portal/contract/routes/validation';
import { callApi } from '../../../lib/api-client.ts';
import { validationKeys } from './validation-keys.ts';

/** Filter values: the tenant's for a tenant admin, those of a reviewer's own queues for a reviewer. */
export function getQueueFacets(signal?: AbortSignal): Promise<Facets> {
  return callApi(VALIDATION_ROUTES.queueFacets, { signal });
}

export function queueFacetsQueryOptions() {
  return queryOptions({ queryKey: validationKeys.facets(), queryFn: ({ signal }) => getQueueFacets(signal) });
}

export function useQueueFacets() {
  return useQuery(queueFacetsQueryOptions());
}
