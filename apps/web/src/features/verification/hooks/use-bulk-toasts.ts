import { useMemo } from 'react';
import { useSnackbar } from 'notistack';
import { TOAST_MS } from '@portal/contract/limits';

/** Toasts of Bulk Verification: the start notice stays 3 s, a failure 5 s (SPEC §9). */
export function useBulkToasts() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      started: (message: string) =>
        enqueueSnackbar(message, { variant: 'success', autoHideDuration: TOAST_MS.bulkShort }),
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
