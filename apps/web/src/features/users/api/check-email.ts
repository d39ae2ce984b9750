import { queryOptions } from '@tanstack/react-query';
import { CheckEmailResponseSchema } from '@portal/contract/people';
import { apiRequest } from '../../../lib/api-client.ts';
import { CHECK_EMAIL_PATH, userKeys } from './users-keys.ts';

/** POST /tenant-admin/users/check-email: true when a user (of any tenant) has this email. */
export async function checkEmail(email: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await apiRequest(CHECK_EMAIL_PATH, {
    method: 'POST',
    body: { email },
    schema: CheckEmailResponseSchema,
    signal,
  });
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
