import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FieldSearch } from '@portal/contract/field';
import { FIELD_ROUTES } from '@portal/contract/routes/field';
import { callApi } from '../../../lib/api-client.ts';
import { fieldKeys } from './field-keys.ts';

/** GET /agent/people?q=: people of the agent's assignment by name, PSN, Work ID or QR link. */
export function searchPeople(q: string, signal?: AbortSignal): Promise<FieldSearch> {
  return callApi(FIELD_ROUTES.search, { query: { q }, signal });
}

/** Asked when the agent searches (an empty search asks nothing); a claim changes the answers. */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: fieldKeys.search(q),
    queryFn: ({ signal }) => searchPeople(q, signal),
    enabled: q.length > 0,
    staleTime: 0,
    retry: false,
  });

export const useSearchPeople = (q: string) => useQuery(searchQueryOptions(q));
