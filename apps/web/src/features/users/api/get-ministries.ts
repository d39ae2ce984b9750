import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Named } from '@portal/contract/records';
import { RECORDS_ROUTES } from '@portal/contract/routes/records';
import { callApi } from '../../../lib/api-client.ts';
import { userKeys } from './users-keys.ts';

/** GET /tenant-admin/ministries: the ministries the uploaded master lists named. */
export function getMinistries(signal?: AbortSignal): Promise<Named[]> {
  return callApi(RECORDS_ROUTES.ministries, { signal });
}

export function ministriesQueryOptions() {
  return queryOptions({
    queryKey: userKeys.ministries(),
    queryFn: ({ signal }) => getMinistries(signal),
    // An upload on the File Upload tab may have added some: refetch whenever this tab opens.
    staleTime: 0,
  });
}

export function useMinistries() {
  return useQuery(ministriesQueryOptions());
}
