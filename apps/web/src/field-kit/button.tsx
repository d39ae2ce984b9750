import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** MUI's large contained button, its outlined one (the agent's appeal), or its text button (Start Over). */
  variant?: 'contained' | 'outlined' | 'text';
  fullWidth?: boolean;
  /** A spinner before the label while a call is under way. */
  busy?: boolean;
  /**
   * With `busy`: the label gives way to a 24 px spinner (SPEC §9), and this text is what a screen
   * reader reads meanwhile.
   */
  busyLabel?: string;
}

/** MUI's large button, at least 48 px tall. */
export function Button({
  variant = 'contained',
  fullWidth,
  busy,
  busyLabel,
  className,
  children,
  type = 'button',
  ...button
}: ButtonProps) {
  const classes = ['fk-button', `fk-button--${variant}`, fullWidth ? 'fk-button--full' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button {...button} type={type} className={classes}>
      {busy && busyLabel !== undefined ? (
        <>
          <span className="fk-spinner fk-spinner--large" aria-hidden="true" />
          <span className="fk-visually-hidden">{busyLabel}</span>
        </>
      ) : (
        <>
          {busy && <span className="fk-spinner" aria-hidden="true" />}
          {children}
        </>
      )}
    </button>
  );
}
