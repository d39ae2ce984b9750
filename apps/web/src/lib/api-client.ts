import { z } from 'zod';
import { API_BASE, CSRF_COOKIE, CSRF_HEADER } from '@portal/contract/api-paths';
import { ApiErrorSchema } from '@portal/contract/errors';
import { readSession } from './auth-storage.ts';
import { readCookie } from './cookies.ts';

const MessageOnlySchema = z.object({ message: z.string().min(1) });

/** Status used for failures where no HTTP response arrived (offline, DNS, CORS, aborted). */
export const NETWORK_ERROR_STATUS = 0;
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

/** A failed API call. `serverMessage` is the `message` of the error body, when there was one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  readonly details: unknown;
  readonly serverMessage: string | undefined;

  constructor(status: number, options: { message?: string; code?: string; details?: unknown } = {}) {
    // SPEC §8's shared handler: the server's message, else 'Error Code: {status}'.
    super(options.message ?? `Error Code: ${status}`);
    this.status = status;
    this.code = options.code;
    this.details = options.details;
    this.serverMessage = options.message;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** JSON-serialised unless it is FormData (uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers of this call (e.g. `X-Tenant` on the public claim screens). */
  headers?: Record<string, string>;
}

/** Contract paths already start with the API base; shorter paths are taken relative to it. */
export function apiUrl(path: string): string {
  return path.startsWith(`${API_BASE}/`) ? path : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
}

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

/**
 * Calls the API. With a schema the JSON response is validated against it; without one the
 * response body is ignored (204 and other bodiless answers).
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: ApiRequestOptions & { schema: S },
): Promise<z.output<S>>;
export async function apiRequest(path: string, options?: ApiRequestOptions): Promise<void>;
export async function apiRequest(
  path: string,
  options: ApiRequestOptions & { schema?: z.ZodType } = {},
): Promise<unknown> {
  const method = options.method ?? 'GET';
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers: withExtraHeaders(buildHeaders(method, options.body), options.headers),
      body:
        options.body === undefined || options.body instanceof FormData
          ? (options.body as FormData | undefined)
          : JSON.stringify(options.body),
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
  if (!options.schema) return undefined;
  return options.schema.parse(await response.json());
}
