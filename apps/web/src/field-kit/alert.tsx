import type { HTMLAttributes } from 'react';
import { Icon, type IconName } from './icons.tsx';

export type Severity = 'success' | 'info' | 'warning' | 'error';

export interface AlertProps extends HTMLAttributes<HTMLDivElement> {
  severity: Severity;
  /** MUI's 'standard' (tinted box) or 'outlined' (a border in the severity's colour). */
  variant?: 'standard' | 'outlined';
  /** Another icon than the severity's own (the claim's warning on an error). */
  icon?: IconName;
  'data-testid'?: string;
}

/** MUI's Alert: the severity's outlined icon, the message. */
export function Alert({
  severity,
  variant = 'standard',
  icon = severity,
  children,
  className,
  role = 'alert',
  ...rest
}: AlertProps) {
  const classes = [
    'fk-alert',
    `fk-alert--${severity}`,
    variant === 'outlined' ? 'fk-alert--outlined' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div {...rest} role={role} className={classes}>
      <div className="fk-alert__icon">
        <Icon name={icon} />
      </div>
      <div className="fk-alert__message">{children}</div>
    </div>
  );
}
