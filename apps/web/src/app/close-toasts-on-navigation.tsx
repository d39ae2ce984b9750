import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSnackbar } from 'notistack';
import { toastsOfLeftScreen } from '../lib/route-toasts.ts';

/**
 * Closes the toasts of the screen the user leaves (a new path; a changed search parameter such as
 * the queue's tab stays on the same screen).
 */
export function CloseToastsOnNavigation() {
  const { pathname } = useLocation();
  const { closeSnackbar } = useSnackbar();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    for (const key of toastsOfLeftScreen()) closeSnackbar(key);
  }, [pathname, closeSnackbar]);
  return null;
}
