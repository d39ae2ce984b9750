import { useMemo } from 'react';
import { TOAST_MS } from '@portal/contract/limits';
import { ApiError } from '../../../lib/api-client.ts';
import { useToasts } from '../../../lib/use-toasts.ts';

/**
 * Toasts of the queues (4 s, SPEC §9). A refused decision says why when the server gave a
 * reason worth reading — someone else acted first (409), or the record left the queue (404) —
 * and otherwise shows the spec's failure message.
 */
export function useQueueToasts() {
  const toasts = useToasts({ success: TOAST_MS.queues, error: TOAST_MS.queues });
  return useMemo(
    () => ({
      ...toasts,
      failure: (error: unknown, fallback: string) => {
        const reason = refusalMessage(error);
        return reason ? toasts.warning(reason) : toasts.error(fallback);
      },
    }),
    [toasts],
  );
}

/** The server's explanation of a 409 (stale) or 404 (out of scope or gone) answer. */
export function refusalMessage(error: unknown): string | undefined {
  if (error instanceof ApiError && (error.status === 409 || error.status === 404)) return error.serverMessage;
  return undefined;
}
