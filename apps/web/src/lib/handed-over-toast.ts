import { SESSION_KEYS } from './storage-keys.ts';

/** A toast raised for the page a full page load opens next (the sign-in's welcome). */
export interface HandedOverToast {
  message: string;
  variant: 'success' | 'info';
  durationMs: number;
}

/** Leaves `toast` for the next page of this tab (DECISIONS 200). */
export function handOverToast(toast: HandedOverToast): void {
  try {
    sessionStorage.setItem(SESSION_KEYS.handedOverToast, JSON.stringify(toast));
  } catch {
    // No storage (a private window's quota): the next page opens without the toast.
  }
}

/** The toast the previous page left, once: it is removed as it is read. */
export function takeHandedOverToast(): HandedOverToast | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEYS.handedOverToast);
    if (raw === null) return null;
    sessionStorage.removeItem(SESSION_KEYS.handedOverToast);
    const toast = JSON.parse(raw) as Partial<HandedOverToast>;
    if (typeof toast.message !== 'string' || typeof toast.durationMs !== 'number') return null;
    return {
      message: toast.message,
      variant: toast.variant === 'info' ? 'info' : 'success',
      durationMs: toast.durationMs,
    };
  } catch {
    return null;
  }
}
