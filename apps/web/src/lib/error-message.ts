import { ApiError } from './api-client.ts';

/**
 * The text of a failed call: the server's message, else the error's own message, else
 * `fallback` (SPEC §8, tenant and tenant-user messages).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** `details` of a 400/409 answer as field → message, keeping only string messages. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || typeof error.details !== 'object' || error.details === null) return {};
  const fields: Record<string, string> = {};
  for (const [field, message] of Object.entries(error.details)) {
    if (typeof message === 'string' && message) fields[field] = message;
  }
  return fields;
}
