import { API_BASE } from '@portal/contract/api-paths';
import { DEFAULT_TIME_ZONE } from '@portal/contract/zone-label';
import { fetchJson } from './fetch-json.ts';

/** USERS_ROUTES.me's path (`signed-in-user.test.ts` checks they agree). */
export const ME_PATH = `${API_BASE}/users/me`;

/** What the top bar shows of the signed-in user, and the zone their page's times are in. */
export interface SignedInUser {
  fullName: string;
  email: string;
  /** MeSchema's `timeZone` (the tenant's setting), the platform's when the answer names none. */
  timeZone: string;
}

/**
 * GET /users/me by plain fetch, for the field pages' top bar (they load no zod, DECISIONS 200):
 * the name, e-mail and time zone, read by hand; anything else is not this page's business.
 */
export async function fetchSignedInUser(): Promise<SignedInUser> {
  const body = await fetchJson('GET', ME_PATH);
  const { fullName, email, timeZone } = (typeof body === 'object' && body !== null ? body : {}) as Record<
    string,
    unknown
  >;
  if (typeof fullName !== 'string' || typeof email !== 'string')
    throw new Error('GET /users/me answered no user');
  return { fullName, email, timeZone: typeof timeZone === 'string' ? timeZone : DEFAULT_TIME_ZONE };
}
