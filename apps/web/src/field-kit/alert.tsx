import type { HTMLAttributes } from 'react';
import { Icon } from './icons.tsx';

export type Severity = 'success' | 'info' | 'warning' | 'error';

export interface AlertProps extends HTMLAttributes<HTMLDivElement> {
  severity: Severity;
  'data-testid'?: string;
}

/** MUI's standard Alert: tinted box, the severity's outlined icon, the message. */
export function Alert({ severity, children, className, role = 'alert', ...rest }: AlertProps) {
  return (
    <div
      {...rest}
      role={role}
      className={`fk-alert fk-alert--${severity}${className ? ` ${className}` : ''}`}
    >
      <div className="fk-alert__icon">
        <Icon name={severity} />
      </div>
      <div className="fk-alert__message">{children}</div>
    </div>
  );
}
