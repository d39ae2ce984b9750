import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MasterRecord } from '@portal/contract/records';
import { CLAIMS_ROUTES } from '@portal/contract/routes/claims';
import { callApi } from '../../../lib/api-client.ts';

/** Per user: a second employee signing in on the same tab never sees the first one's record. */
export const myRecordKey = (userId: string) => ['users', 'me', 'record', userId] as const;

export function getMyRecord(signal?: AbortSignal): Promise<MasterRecord> {
  return callApi(CLAIMS_ROUTES.myRecord, { signal });
}

export function myRecordQueryOptions(userId: string) {
  return queryOptions({
    queryKey: myRecordKey(userId),
    queryFn: ({ signal }) => getMyRecord(signal),
    retry: false,
  });
}

/** GET /users/me/record: the signed-in employee's own record. */
export function useMyRecord(userId: string) {
  return useQuery(myRecordQueryOptions(userId));
}
