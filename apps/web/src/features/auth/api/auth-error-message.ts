import { MESSAGES, authErrorMessage } from '@portal/contract/messages';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-error.ts';

/** Text for a failed auth call (SPEC §8): by status, network errors by their own message. */
export function describeAuthError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === NETWORK_ERROR_STATUS) return error.message || MESSAGES.auth.defaultError;
    return authErrorMessage(error.status, error.serverMessage);
  }
  if (error instanceof Error && error.message) return error.message;
  return MESSAGES.auth.defaultError;
}
