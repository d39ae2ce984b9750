import { z } from 'zod';
import { CSRF_COOKIE, CSRF_HEADER } from '@portal/contract/api-paths';
import { ApiErrorSchema } from '@portal/contract/errors';
import {
  pathOf,
  type Answer,
  type ApiRoute,
  type BodyInput,
  type HttpMethod,
  type ParamsInput,
  type QueryInput,
} from '@portal/contract/routes/define-route';
import { readSession } from './auth-storage.ts';
import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_STATUS } from './api-error.ts';
import { readCookie } from './cookies.ts';

const MessageOnlySchema = z.object({ message: z.string().min(1) });

export { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_STATUS } from './api-error.ts';

/** Accept, bearer token, CSRF echo on non-GET and the JSON content type: shared with XHR uploads. */
export function buildHeaders(method: HttpMethod, body: unknown): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const session = readSession();
  if (session) headers.set('Authorization', `Bearer ${session.token}`);
  if (method !== 'GET') {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers.set(CSRF_HEADER, csrf);
  }
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  return headers;
}

function withExtraHeaders(headers: Headers, extra: Record<string, string> | undefined): Headers {
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  return headers;
}

/** The ApiError for a failed answer whose body (parsed JSON, or undefined) may be an error body. */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const parsed = ApiErrorSchema.safeParse(body);
  if (parsed.success)
    return new ApiError(status, {
      message: parsed.data.message,
      code: parsed.data.code,
      details: parsed.data.details,
    });
  // A body in another shape (a proxy's, an older server's) still has its message shown.
  const message = MessageOnlySchema.safeParse(body);
  return new ApiError(status, message.success ? { message: message.data.message } : {});
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  return apiErrorFromBody(response.status, body);
}

/** A field the route needs is required; one it does not take cannot be given. */
type Field<K extends string, T> = undefined extends T ? { [P in K]?: T } : { [P in K]: T };

/** What a call of `route` sends: its path parameters, query and body as the contract types them. */
export type CallInput<R extends ApiRoute> = Field<'params', ParamsInput<R>> &
  Field<'body', BodyInput<R>> & {
    query?: QueryInput<R>;
    signal?: AbortSignal;
    /** Extra headers of this call (e.g. `X-Tenant` on the public claim screens). */
    headers?: Record<string, string>;
  };

interface LooseInput {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** `?a=1&b=x&b=y`: a list repeats its key; absent and blank values are left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (item !== undefined && item !== null && item !== '') search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls a route of the contract: the path from the route and `params`, the query string from
 * `query`, the JSON body; the answer is validated with the route's response schema (a 204 has none).
 */
export async function callApi<const R extends ApiRoute>(
  route: R,
  ...[input]: object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>]
): Promise<Answer<R>> {
  const { params, query, body, signal, headers } = (input ?? {}) as LooseInput;
  const url = pathOf(route, params) + queryString(query);
  const response = await send(route.method, url, { body, signal, headers });
  if (route.status === 204 || !route.response) return route.response?.parse(null) as Answer<R>;
  return route.response.parse(await response.json()) as Answer<R>;
}

async function send(
  method: HttpMethod,
  url: string,
  options: Pick<LooseInput, 'body' | 'signal' | 'headers'>,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: withExtraHeaders(buildHeaders(method, options.body), options.headers),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR_STATUS, {
      message: error instanceof Error ? error.message : String(error),
      code: NETWORK_ERROR_CODE,
    });
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}
