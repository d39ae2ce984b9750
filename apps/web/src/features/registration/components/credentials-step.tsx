import TextField from '@mui/material/TextField';
import { CreateAccountSchema } from '@portal/contract/claims';
import type { z } from 'zod';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import type { RegistrationMessage } from '../registration-machine.ts';
import { REGISTRATION_TEXTS } from '../registration-texts.ts';
import { StepForm } from './step-form.tsx';
import { useVisibility } from '../../../components/visibility-toggle.tsx';

const CredentialsSchema = CreateAccountSchema.omit({ recordId: true });
export type Credentials = z.output<typeof CredentialsSchema>;

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
  onSubmit: (credentials: Credentials) => void;
  onStartOver: () => void;
}

/** Step 'create' (Create Your Credentials): email and password (at least 8). */
export function CredentialsStep({
  hint,
  assisted,
  busy,
  done,
  message,
  onSubmit,
  onStartOver,
}: CredentialsStepProps) {
  const password = useVisibility(texts.fields.togglePassword, done);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useZodForm(CredentialsSchema, { email: '', password: '' });
  return (
    <StepForm
      hint={hint}
      onSubmit={handleSubmit((credentials) => !busy && !done && onSubmit(credentials))}
      message={message}
      submitLabel={texts.steps.create.submit}
      busyLabel={texts.steps.create.busy}
      busy={busy}
      invalid={!isValid || done}
      onStartOver={done ? undefined : onStartOver}
    >
      <TextField
        {...register('email')}
        label={texts.fields.email}
        type="email"
        required
        fullWidth
        autoFocus
        autoComplete={assisted ? 'off' : 'email'}
        disabled={done}
        error={errors.email !== undefined}
        helperText={errors.email?.message}
      />
      <TextField
        {...register('password')}
        label={texts.fields.password}
        type={password.type}
        required
        fullWidth
        autoComplete="new-password"
        disabled={done}
        error={errors.password !== undefined}
        helperText={errors.password?.message}
        slotProps={{ input: { endAdornment: password.endAdornment } }}
      />
    </StepForm>
  );
}
