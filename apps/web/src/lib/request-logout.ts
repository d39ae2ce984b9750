import { API_BASE, CSRF_COOKIE, CSRF_HEADER } from '@portal/contract/api-paths';
import { readCookie } from './cookies.ts';

/** AUTH_ROUTES.logout's path (`authenticate.test.ts` checks they agree). */
export const LOGOUT_PATH = `${API_BASE}/auth/logout`;

/**
 * Asks the server to revoke the user's tokens, without the API client (the field pages, /login and
 * /register-employee, load no zod, DECISIONS 200). Whatever the answer, the caller then forgets the
 * token, as the app's Sign Out does (`features/auth/api/logout.ts`).
 */
export async function requestLogout(token: string): Promise<void> {
  const headers = new Headers({ Accept: 'application/json', Authorization: `Bearer ${token}` });
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers.set(CSRF_HEADER, csrf);
  await fetch(LOGOUT_PATH, { method: 'POST', headers, credentials: 'same-origin' }).catch(() => undefined);
}
