import { ERROR_CODES } from '@portal/contract/errors';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import type { useToasts } from '../../../lib/use-toasts.ts';

/**
 * What a refused start of a provider job says: 'nothing to ask about' (409 NOTHING_TO_VERIFY) is
 * information in the server's words (`nothing` without them), anything else a failure.
 */
export function startRefused(
  toasts: ReturnType<typeof useToasts>,
  nothing: string,
  failed: (message: string) => string,
) {
  return (error: unknown) =>
    error instanceof ApiError && error.code === ERROR_CODES.NOTHING_TO_VERIFY
      ? toasts.info(errorMessage(error, nothing))
      : toasts.error(failed(errorMessage(error, String(error))));
}
