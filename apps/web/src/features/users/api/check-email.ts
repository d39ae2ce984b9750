import { PEOPLE_ROUTES } from '@portal/contract/routes/people';
import { callApi } from '../../../lib/api-client.ts';
import { apiQueryOptions, ASK_EVERY_TIME } from '../../../lib/api-query.ts';
import { userKeys } from './users-keys.ts';

/** POST /tenant-admin/users/check-email: true when a user (of any tenant) has this email. */
export async function checkEmail(email: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await callApi(PEOPLE_ROUTES.checkEmail, { body: { email }, signal });
  return answer.exists;
}

/** Accounts come and go: asked again each time the field settles, failing fast. */
export function emailCheckQueryOptions(email: string) {
  return apiQueryOptions(userKeys.emailCheck(email), (signal) => checkEmail(email, signal), ASK_EVERY_TIME);
}
