import { queryOptions } from '@tanstack/react-query';
import { PEOPLE_ROUTES } from '@portal/contract/routes/people';
import { callApi } from '../../../lib/api-client.ts';
import { userKeys } from './users-keys.ts';

/** POST /tenant-admin/users/check-email: true when a user (of any tenant) has this email. */
export async function checkEmail(email: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await callApi(PEOPLE_ROUTES.checkEmail, { body: { email }, signal });
  return answer.exists;
}

export function emailCheckQueryOptions(email: string) {
  return queryOptions({
    queryKey: userKeys.emailCheck(email),
    queryFn: ({ signal }) => checkEmail(email, signal),
    // Accounts come and go: ask again each time the field settles, and fail fast.
    staleTime: 0,
    retry: false,
  });
}
