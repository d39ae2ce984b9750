import { useMemo } from 'react';
import { useSnackbar } from 'notistack';
import { TOAST_MS } from '@portal/contract/limits';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * Toasts of the queues (4 s, SPEC §9). A refused decision says why when the server gave a
 * reason worth reading — someone else acted first (409), or the record left the queue (404) —
 * and otherwise shows the spec's failure message.
 */
export function useQueueToasts() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message: string) =>
        enqueueSnackbar(message, { variant: 'success', autoHideDuration: TOAST_MS.queues }),
      failure: (error: unknown, fallback: string) =>
        enqueueSnackbar(refusalMessage(error) ?? fallback, {
          variant: refusalMessage(error) ? 'warning' : 'error',
          autoHideDuration: TOAST_MS.queues,
          preventDuplicate: true,
        }),
      error: (message: string) =>
        enqueueSnackbar(message, {
          variant: 'error',
          autoHideDuration: TOAST_MS.queues,
          preventDuplicate: true,
        }),
    }),
    [enqueueSnackbar],
  );
}

/** The server's explanation of a 409 (stale) or 404 (out of scope or gone) answer. */
export function refusalMessage(error: unknown): string | undefined {
  if (error instanceof ApiError && (error.status === 409 || error.status === 404)) return error.serverMessage;
  return undefined;
}
