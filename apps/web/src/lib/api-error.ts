/**
 * A failed API call, apart from the client (`api-client.ts`) and its schemas: the sign-in page
 * (DECISIONS 200) throws and reads it without loading zod.
 */

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
