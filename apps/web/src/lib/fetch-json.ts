import { CSRF_COOKIE, CSRF_HEADER } from '@portal/contract/api-paths';
import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_STATUS } from './api-error.ts';
import { readSession } from './auth-storage.ts';
import { readCookie } from './cookies.ts';

export interface FetchJsonInput {
  body?: unknown;
  /** Extra headers of this call (X-Tenant on the public claim page). */
  headers?: Record<string, string>;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The ApiError of a failed answer, as `api-client.ts` `apiErrorFromBody` reads it (an error body's
 * message, code and details, or a lone non-empty message) without its schemas: the field pages load
 * no zod (DECISIONS 200). `fetch-json.test.ts` holds the two to the same answers.
 */
export function plainApiError(status: number, body: unknown): ApiError {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message = text(fields.message);
  const code = text(fields.code);
  if (message !== undefined && code !== undefined)
    return new ApiError(status, { message, code, details: fields.details });
  return new ApiError(status, message ? { message } : {});
}

/**
 * A JSON call without the API client (`callApi` checks answers with the contract's schemas, which
 * the field pages do not load): the same headers (Accept, the session's bearer token, the CSRF echo
 * on a non-GET, the JSON content type) and the same failures, an ApiError with status 0 when no
 * answer came. Answers the parsed body, unchecked: the caller reads what it needs by hand.
 */
export async function fetchJson(
  method: 'GET' | 'POST',
  path: string,
  { body, headers: extra }: FetchJsonInput = {},
): Promise<unknown> {
  const headers = new Headers({ Accept: 'application/json' });
  const session = readSession();
  if (session) headers.set('Authorization', `Bearer ${session.token}`);
  if (method !== 'GET') {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers.set(CSRF_HEADER, csrf);
  }
  // A file goes as multipart: the browser writes the Content-Type with its boundary.
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ApiError(NETWORK_ERROR_STATUS, {
      message: error instanceof Error ? error.message : String(error),
      code: NETWORK_ERROR_CODE,
    });
  }
  if (!response.ok) throw plainApiError(response.status, await response.json().catch(() => undefined));
  return response.json();
}
