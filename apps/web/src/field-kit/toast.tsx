import { useCallback, useEffect, useRef, useState } from 'react';
import type { Severity } from './alert.tsx';

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
 * Where the toast shows: top right below the top bar. notistack's class names, which the
 * journeys look for (`e2e/support/toasts.ts`), beside the field kit's own.
 */
export function ToastHost({
  toast,
  onClose,
  closeLabel,
}: {
  toast: Toast | null;
  onClose: () => void;
  closeLabel: string;
}) {
  if (!toast) return null;
  return (
    <div className="fk-toasts notistack-SnackbarContainer">
      <div
        key={toast.id}
        role="alert"
        className={`fk-toast fk-toast--${toast.severity} notistack-MuiContent notistack-MuiContent-${toast.severity}`}
      >
        <div className="fk-toast__message">{toast.message}</div>
        <button type="button" className="fk-toast__close" onClick={onClose}>
          {closeLabel}
        </button>
      </div>
    </div>
  );
}
