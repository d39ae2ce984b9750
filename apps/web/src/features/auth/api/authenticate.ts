import type { AuthenticateRequest, AuthResponse } from '@portal/contract/auth';
import { API_BASE, CSRF_COOKIE, CSRF_HEADER } from '@portal/contract/api-paths';
import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_STATUS } from '../../../lib/api-error.ts';
import { readCookie } from '../../../lib/cookies.ts';

/** AUTH_ROUTES.authenticate's path (`authenticate.test.ts` checks they agree). */
export const AUTHENTICATE_PATH = `${API_BASE}/auth/authenticate`;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * Sign-in without the API client: `callApi` checks answers with the contract's schemas, and the
 * sign-in page loads no zod (DECISIONS 200). Failures are the same ApiError: status 0 when no
 * answer came, else the status with the body's message.
 */
export async function authenticate(credentials: AuthenticateRequest): Promise<AuthResponse> {
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' });
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers.set(CSRF_HEADER, csrf);
  let response: Response;
  try {
    response = await fetch(AUTHENTICATE_PATH, {
      method: 'POST',
      headers,
      body: JSON.stringify(credentials),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ApiError(NETWORK_ERROR_STATUS, {
      message: error instanceof Error ? error.message : String(error),
      code: NETWORK_ERROR_CODE,
    });
  }
  const body: unknown = await response.json().catch(() => undefined);
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (!response.ok) {
    throw new ApiError(response.status, {
      message: text(fields.message),
      code: text(fields.code),
      details: fields.details,
    });
  }
  const token = text(fields.token);
  if (!token) throw new Error('The sign-in answer has no token');
  return { token };
}
