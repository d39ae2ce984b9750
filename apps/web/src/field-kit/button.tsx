import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  fullWidth?: boolean;
  /** A spinner before the label while a call is under way. */
  busy?: boolean;
}

/** MUI's large contained button, at least 48 px tall. */
export function Button({ fullWidth, busy, className, children, type = 'button', ...button }: ButtonProps) {
  const classes = ['fk-button', 'fk-button--contained', fullWidth ? 'fk-button--full' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button {...button} type={type} className={classes}>
      {busy && <span className="fk-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
