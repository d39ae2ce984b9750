import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { NamedSchema, type Named } from '@portal/contract/records';
import { apiRequest } from '../../../lib/api-client.ts';
import { MINISTRIES_PATH, userKeys } from './users-keys.ts';

/** GET /tenant-admin/ministries: the ministries the uploaded master lists named. */
export function getMinistries(signal?: AbortSignal): Promise<Named[]> {
  return apiRequest(MINISTRIES_PATH, { schema: z.array(NamedSchema), signal });
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
