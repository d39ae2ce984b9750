import { useMemo } from 'react';
import { useSnackbar } from 'notistack';
import { TOAST_MS } from '@portal/contract/limits';

/** Toasts of Bulk Verification: the start notice (and 'nothing to verify') stays 3 s, a failure 5 s (SPEC §9). */
export function useBulkToasts() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      started: (message: string) =>
        enqueueSnackbar(message, { variant: 'success', autoHideDuration: TOAST_MS.bulkShort }),
      /** Nothing to verify: not a failure, just what the server found. */
      info: (message: string) =>
        enqueueSnackbar(message, {
          variant: 'info',
          autoHideDuration: TOAST_MS.bulkShort,
          preventDuplicate: true,
        }),
      failed: (message: string) =>
        enqueueSnackbar(message, {
          variant: 'error',
          autoHideDuration: TOAST_MS.bulkLong,
          preventDuplicate: true,
        }),
    }),
    [enqueueSnackbar],
  );
}
