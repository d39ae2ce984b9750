import { useEffect, useRef } from 'react';
import { PasswordField, TextField } from '../../../../field-kit/text-field.tsx';
import { checkCredentials, type CredentialValues } from '../../claim-check.ts';
import type { RegistrationMessage } from '../../registration-machine.ts';
import { REGISTRATION_TEXTS } from '../../registration-texts.ts';
import { StepForm } from './step-form.tsx';
import { useStepFields } from './use-step-fields.ts';

const texts = REGISTRATION_TEXTS;

export interface CredentialsStepProps {
  /** The line under the heading (the employee's or the agent's words). */
  hint: string;
  /** An agent types someone else's credentials: keep the browser from offering the agent's own. */
  assisted: boolean;
  busy: boolean;
  /** After the public account was created: nothing more to submit. */
  done: boolean;
  message: RegistrationMessage | null;
  onSubmit: (credentials: CredentialValues) => void;
  onStartOver: () => void;
}

/** Step 'create' (Create Your Credentials): email and password (at least 8), the email focused. */
export function CredentialsStep({
  hint,
  assisted,
  busy,
  done,
  message,
  onSubmit,
  onStartOver,
}: CredentialsStepProps) {
  const form = useStepFields({ email: '', password: '' }, checkCredentials);
  const email = useRef<HTMLInputElement>(null);
  useEffect(() => email.current?.focus(), []);
  return (
    <StepForm
      hint={hint}
      onSubmit={() => !done && onSubmit(form.values)}
      message={message}
      submitLabel={texts.steps.create.submit}
      busyLabel={texts.steps.create.busy}
      busy={busy}
      invalid={!form.valid || done}
      onStartOver={done ? undefined : onStartOver}
    >
      <TextField
        {...form.field('email')}
        ref={email}
        label={texts.fields.email}
        type="email"
        required
        autoComplete={assisted ? 'off' : 'email'}
        disabled={done}
      />
      <PasswordField
        {...form.field('password')}
        label={texts.fields.password}
        toggleLabel={texts.fields.togglePassword}
        required
        autoComplete="new-password"
        disabled={done}
      />
    </StepForm>
  );
}
