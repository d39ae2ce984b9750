import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../../field-kit/button.tsx';
import type { RegistrationMessage } from '../../registration-machine.ts';
import { REGISTRATION_TEXTS } from '../../registration-texts.ts';
import { MessageBox } from './message-box.tsx';

export interface StepFormProps {
  hint: string;
  /** Called when the step is sent (not when the button is disabled). */
  onSubmit: () => void;
  message: RegistrationMessage | null;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The relevant fields are invalid (SPEC §5: the button stays disabled). */
  invalid: boolean;
  /** Shown on the later steps: back to step one with a fresh form. */
  onStartOver?: () => void;
  children: ReactNode;
}

/** One step of the card: hint, fields, the message box above the buttons, then the buttons. */
export function StepForm({
  hint,
  onSubmit,
  message,
  submitLabel,
  busyLabel,
  busy,
  invalid,
  onStartOver,
  children,
}: StepFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!invalid && !busy) onSubmit();
  };
  return (
    <form className="fk-stack" noValidate onSubmit={submit}>
      <p className="fk-hint">{hint}</p>
      {children}
      <MessageBox message={message} />
      <div className="fk-stack fk-stack--8">
        <Button
          type="submit"
          fullWidth
          busy={busy}
          busyLabel={busyLabel}
          disabled={invalid || busy}
          aria-busy={busy}
        >
          {submitLabel}
        </Button>
        {onStartOver && (
          <Button variant="text" onClick={onStartOver} disabled={busy}>
            {REGISTRATION_TEXTS.startOver}
          </Button>
        )}
      </div>
    </form>
  );
}
