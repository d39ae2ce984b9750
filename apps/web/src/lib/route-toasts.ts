import type { SnackbarKey } from 'notistack';

/**
 * Toasts belong to the screen that raised them: a route change closes the ones on screen, so a
 * toast does not follow the user to the next tab and cover its controls. A toast raised for the
 * screen the user is sent to (the login's welcome) is kept across that navigation.
 */
const onScreen = new Set<SnackbarKey>();
const kept = new Set<SnackbarKey>();

/** SnackbarProvider's onEnter: the toast is on screen. */
export function toastEntered(key: SnackbarKey): void {
  onScreen.add(key);
}

/** SnackbarProvider's onExited: the toast is gone. */
export function toastExited(key: SnackbarKey): void {
  onScreen.delete(key);
  kept.delete(key);
}

/** Marks a toast that announces the next screen; `key` is what enqueueSnackbar returned. */
export function keepToastAcrossNavigation(key: SnackbarKey): void {
  kept.add(key);
}

/** The toasts to close when the user leaves the screen. */
export function toastsOfLeftScreen(): SnackbarKey[] {
  return [...onScreen].filter((key) => !kept.has(key));
}
