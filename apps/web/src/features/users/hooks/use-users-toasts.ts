import { useMemo } from 'react';
import { useSnackbar } from 'notistack';
import { TOAST_MS } from '@portal/contract/limits';

/** Toasts of the User Management tab: like the other tenant screens, successes 3 s, errors 5 s. */
export function useUsersToasts() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message: string) =>
        enqueueSnackbar(message, { variant: 'success', autoHideDuration: TOAST_MS.tenantSuccess }),
      error: (message: string) =>
        enqueueSnackbar(message, {
          variant: 'error',
          autoHideDuration: TOAST_MS.tenantError,
          preventDuplicate: true,
        }),
    }),
    [enqueueSnackbar],
  );
}
