import type { ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import { BusyButton } from './busy-button.tsx';
import DialogActions from '@mui/material/DialogActions';

export interface DialogButtonsProps {
  /** The dialog's work is under way: Cancel waits, the main button spins. */
  busy: boolean;
  onCancel: () => void;
  /** Cancel's words, the main button's, and the main button's while busy (else it keeps its own). */
  labels: readonly [cancel: string, confirm: string, confirming?: string];
  /** The main button; it submits the dialog's form unless it has an `onClick`. */
  confirm?: { disabled?: boolean; color?: ButtonProps['color']; onClick?: () => void };
  /** More buttons, between Cancel and the main one. */
  children?: ReactNode;
}

/** A form dialog's buttons: Cancel, then the main action, which shows its progress. */
export function DialogButtons({ busy, onCancel, labels, confirm = {}, children }: DialogButtonsProps) {
  const [cancel, label, busyLabel] = labels;
  return (
    // Three buttons may not fit a phone's width: they wrap, spaced by the gap.
    <DialogActions sx={{ px: 3, pb: 2.5, ...(children ? { flexWrap: 'wrap', gap: 1 } : {}) }}>
      <Button onClick={onCancel} disabled={busy}>
        {cancel}
      </Button>
      {children}
      <BusyButton
        type={confirm.onClick ? 'button' : 'submit'}
        {...confirm}
        busy={busy}
        label={label}
        busyLabel={busyLabel}
      />
    </DialogActions>
  );
}
