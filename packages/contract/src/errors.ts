import { z } from 'zod';

/** Every error response of the API (DESIGN §7). */
export const ApiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const ERROR_CODES = {
  VALIDATION: 'VALIDATION_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  CSRF: 'CSRF_TOKEN_INVALID',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA: 'UNSUPPORTED_MEDIA_TYPE',
  UNPROCESSABLE: 'UNPROCESSABLE_CONTENT',
  RATE_LIMITED: 'RATE_LIMITED',
  /** A bulk verification was asked for while no record needs one: no job is created. */
  NOTHING_TO_VERIFY: 'NOTHING_TO_VERIFY',
  INTERNAL: 'INTERNAL_ERROR',
  /** The database connection was lost (a restart, a failover): try again shortly (503). */
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
} as const;
