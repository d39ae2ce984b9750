import type { ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';

export type BusyButtonProps = Omit<ButtonProps, 'loading' | 'loadingPosition'> & {
  /** The button's work is under way: a spinner at its start, and `busyLabel` if given. */
  busy: boolean;
  label: ReactNode;
  busyLabel?: ReactNode;
  /** Shown after the label either way (words only screen readers hear, for instance). */
  children?: ReactNode;
};

/** A button that shows its own progress; contained unless told otherwise. */
export function BusyButton({
  busy,
  label,
  busyLabel = label,
  variant = 'contained',
  children,
  ...button
}: BusyButtonProps) {
  return (
    <Button {...button} variant={variant} loading={busy} loadingPosition="start">
      {busy ? busyLabel : label}
      {children}
    </Button>
  );
}
