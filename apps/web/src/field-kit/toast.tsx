import { useCallback, useEffect, useRef, useState } from 'react';
import type { Severity } from './alert.tsx';
import { Icon, type IconName } from './icons.tsx';

const TOAST_ICONS: Record<Severity, IconName> = {
  success: 'toastSuccess',
  warning: 'toastWarning',
  error: 'toastError',
  info: 'toastInfo',
};

export interface Toast {
  id: number;
  message: string;
  severity: Severity;
  durationMs: number;
}

/**
 * One toast at a time, as the app's (app/app-providers.tsx): a new one replaces the one on screen,
 * it closes by itself after its time or by its Close button.
 */
export function useToast() {
  const [toast, setToast] = useState<Toast | null>(null);
  const next = useRef(0);
  const show = useCallback((message: string, severity: Severity, durationMs: number) => {
    next.current += 1;
    setToast({ id: next.current, message, severity, durationMs });
  }, []);
  const close = useCallback(() => setToast(null), []);
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), toast.durationMs);
    return () => window.clearTimeout(timer);
  }, [toast]);
  return { toast, show, close };
}

/**
 * Where the toast shows: below the top bar, at the right (the app's default) or in the middle (the
 * agent's confirmation, SPEC §4). notistack's class names, which the journeys look for
 * (`e2e/support/toasts.ts`), beside the field kit's own.
 */
export function ToastHost({
  toast,
  onClose,
  closeLabel,
  placement = 'top-right',
}: {
  toast: Toast | null;
  onClose: () => void;
  closeLabel: string;
  placement?: 'top-right' | 'top-center';
}) {
  if (!toast) return null;
  const where = placement === 'top-center' ? ' fk-toasts--center' : '';
  return (
    <div className={`fk-toasts${where} notistack-SnackbarContainer`}>
      <div
        key={toast.id}
        role="alert"
        className={`fk-toast fk-toast--${toast.severity} notistack-MuiContent notistack-MuiContent-${toast.severity}`}
      >
        <div className="fk-toast__message">
          <Icon name={TOAST_ICONS[toast.severity]} className="fk-toast__icon" />
          {toast.message}
        </div>
        <button type="button" className="fk-toast__close" onClick={onClose}>
          {closeLabel}
        </button>
      </div>
    </div>
  );
}
