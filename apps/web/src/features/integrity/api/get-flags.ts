import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FlagsPage, FlagsQuery } from '@portal/contract/integrity';
import { INTEGRITY_ROUTES } from '@portal/contract/routes/integrity';
import { callApi } from '../../../lib/api-client.ts';
import { integrityKeys } from './integrity-keys.ts';

export function getFlags(query: FlagsQuery, signal?: AbortSignal): Promise<FlagsPage> {
  return callApi(INTEGRITY_ROUTES.flags, { query, signal });
}

export function flagsQueryOptions(query: FlagsQuery) {
  return queryOptions({
    queryKey: integrityKeys.flagsPage(query),
    queryFn: ({ signal }) => getFlags(query, signal),
  });
}

/** One page of flags; the page shown stays while the next loads. */
export function useFlags(query: FlagsQuery) {
  return useQuery({ ...flagsQueryOptions(query), placeholderData: keepPreviousData });
}
