import { expect, type APIRequestContext } from '@playwright/test';
import { CSRF_COOKIE, CSRF_HEADER } from '@portal/contract/api-paths';

/** A JSON call with a bearer token and the CSRF echo; fails the test on an unexpected status. */
export async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { token?: string; data?: unknown; multipart?: Record<string, unknown>; status?: number } = {},
): Promise<T> {
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.value;
  const response = await request.fetch(url, {
    method,
    data: options.data,
    multipart: options.multipart as never,
    headers: {
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...(csrf && method !== 'GET' ? { [CSRF_HEADER]: csrf } : {}),
    },
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(options.status ?? 200);
  return (await response.json().catch(() => undefined)) as T;
}

/** A session token for `user`, through the sign-in API. */
export const login = async (request: APIRequestContext, user: { email: string; password: string }) =>
  (await call<{ token: string }>(request, 'POST', '/api/v1/auth/authenticate', { data: user })).token;
