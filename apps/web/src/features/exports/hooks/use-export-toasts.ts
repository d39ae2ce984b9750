import { useMemo } from 'react';
import { useSnackbar } from 'notistack';
import { TOAST_MS } from '@portal/contract/limits';

/** Toasts of the Payroll Export tab: all stay 5000 ms (SPEC §9). */
export function useExportToasts() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message: string) =>
        enqueueSnackbar(message, { variant: 'success', autoHideDuration: TOAST_MS.exports }),
      failed: (message: string) =>
        enqueueSnackbar(message, {
          variant: 'error',
          autoHideDuration: TOAST_MS.exports,
          preventDuplicate: true,
        }),
    }),
    [enqueueSnackbar],
  );
}
