import { API_BASE } from '@portal/contract/api-paths';
import { fetchJson } from './fetch-json.ts';

/** USERS_ROUTES.me's path (`signed-in-user.test.ts` checks they agree). */
export const ME_PATH = `${API_BASE}/users/me`;

/** What the top bar shows of the signed-in user. */
export interface SignedInUser {
  fullName: string;
  email: string;
}

/**
 * GET /users/me by plain fetch, for the field pages' top bar (they load no zod, DECISIONS 200):
 * the name and e-mail, read by hand; anything else is not this page's business.
 */
export async function fetchSignedInUser(): Promise<SignedInUser> {
  const body = await fetchJson('GET', ME_PATH);
  const { fullName, email } = (typeof body === 'object' && body !== null ? body : {}) as Record<
    string,
    unknown
  >;
  if (typeof fullName !== 'string' || typeof email !== 'string')
    throw new Error('GET /users/me answered no user');
  return { fullName, email };
}
