import type { ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

export interface DialogButtonsProps {
  cancel: string;
  onCancel: () => void;
  /** The dialog's work is under way: Cancel waits, the main button spins. */
  busy: boolean;
  /** The main button; it submits the dialog's form unless `onConfirm` is given. */
  confirm: string;
  /** The main button's words while busy; without them it keeps `confirm`. */
  confirming?: string;
  onConfirm?: () => void;
  confirmDisabled?: boolean;
  confirmColor?: ButtonProps['color'];
  /** More buttons, between Cancel and the main one. */
  children?: ReactNode;
}

/** A form dialog's buttons: Cancel, then the main action, which shows its progress. */
export function DialogButtons({
  cancel,
  onCancel,
  busy,
  confirm,
  confirming = confirm,
  onConfirm,
  confirmDisabled,
  confirmColor,
  children,
}: DialogButtonsProps) {
  return (
    // Three buttons may not fit a phone's width: they wrap, spaced by the gap.
    <DialogActions sx={{ px: 3, pb: 2.5, ...(children ? { flexWrap: 'wrap', gap: 1 } : {}) }}>
      <Button onClick={onCancel} disabled={busy}>
        {cancel}
      </Button>
      {children}
      <Button
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        variant="contained"
        color={confirmColor}
        disabled={confirmDisabled}
        loading={busy}
        loadingPosition="start"
      >
        {busy ? confirming : confirm}
      </Button>
    </DialogActions>
  );
}
