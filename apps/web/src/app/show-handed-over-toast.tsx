import { useEffect } from 'react';
import { useSnackbar } from 'notistack';
import { takeHandedOverToast } from '../lib/handed-over-toast.ts';
import { keepToastAcrossNavigation } from '../lib/route-toasts.ts';

/**
 * Shows the toast the sign-in page left for the dashboard it opened ('Login successful! Welcome
 * back.'): that page is not part of the app, so the welcome crosses a full page load (DECISIONS
 * 191). It announces the dashboard, so the dashboard's redirect to its first destination keeps it.
 */
export function ShowHandedOverToast() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    const toast = takeHandedOverToast();
    if (!toast) return;
    keepToastAcrossNavigation(
      enqueueSnackbar(toast.message, { variant: toast.variant, autoHideDuration: toast.durationMs }),
    );
  }, [enqueueSnackbar]);
  return null;
}
