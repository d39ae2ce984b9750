import { useEffect, useMemo, useRef } from 'react';
import { useSnackbar, type SnackbarKey } from 'notistack';
import { TOAST_MS } from '@portal/contract/limits';

/** How long each kind of toast stays on a screen (SPEC §9 gives them per screen). */
export interface ToastDurations {
  success: number;
  error: number;
  info?: number;
  warning?: number;
}

/** The tenant screens and User Management: successes 3 s, errors 5 s. */
export const TENANT_TOASTS: ToastDurations = { success: TOAST_MS.tenantSuccess, error: TOAST_MS.tenantError };

/**
 * A screen's toasts. Everything but a success drops a second copy of a message already shown
 * (a retried failure would otherwise stack the same words). An error or a warning is about what
 * raised it: it closes when that goes away (issue #31: the global admin's user form's error stayed
 * over the Delete Tenant dialog after the form was left). A success announces what was done and
 * outlives the dialog that did it.
 */
export function useToasts({ success, error, info = success, warning = error }: ToastDurations) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const problems = useRef(new Set<SnackbarKey>());
  useEffect(() => {
    const raised = problems.current;
    return () => {
      for (const key of raised) closeSnackbar(key);
      raised.clear();
    };
  }, [closeSnackbar]);
  const problem = (key: SnackbarKey) => {
    problems.current.add(key);
    return key;
  };
  return useMemo(
    () => ({
      success: (message: string) =>
        enqueueSnackbar(message, { variant: 'success', autoHideDuration: success }),
      info: (message: string) =>
        enqueueSnackbar(message, { variant: 'info', autoHideDuration: info, preventDuplicate: true }),
      warning: (message: string) =>
        problem(
          enqueueSnackbar(message, { variant: 'warning', autoHideDuration: warning, preventDuplicate: true }),
        ),
      error: (message: string) =>
        problem(
          enqueueSnackbar(message, { variant: 'error', autoHideDuration: error, preventDuplicate: true }),
        ),
    }),
    [enqueueSnackbar, success, error, info, warning],
  );
}
