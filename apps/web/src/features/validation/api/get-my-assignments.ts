import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@portal/contract/auth';
import { USERS_ROUTES } from '@portal/contract/routes/users';
import { callApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/use-session.ts';

export type Assignments = NonNullable<Me['assignments']>;

/** The signed-in reviewer's ministries and departments (GET /users/me carries them for a reviewer). */
export async function getMyAssignments(signal?: AbortSignal): Promise<Assignments | undefined> {
  return (await callApi(USERS_ROUTES.me, { signal })).assignments;
}

export function myAssignmentsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['validation', 'my-assignments', userId],
    queryFn: ({ signal }) => getMyAssignments(signal),
  });
}

export function useMyAssignments() {
  const userId = useSession()?.claims.sub ?? '';
  return useQuery({ ...myAssignmentsQueryOptions(userId), enabled: userId !== '' });
}
