import { queryOptions, useQuery } from '@tanstack/react-query';
import { MasterRecordSchema, type MasterRecord } from '@portal/contract/records';
import { apiRequest } from '../../../lib/api-client.ts';

export const MY_RECORD_PATH = '/api/v1/users/me/record';

/** Per user: a second employee signing in on the same tab never sees the first one's record. */
export const myRecordKey = (userId: string) => ['users', 'me', 'record', userId] as const;

export function getMyRecord(signal?: AbortSignal): Promise<MasterRecord> {
  return apiRequest(MY_RECORD_PATH, { schema: MasterRecordSchema, signal });
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
