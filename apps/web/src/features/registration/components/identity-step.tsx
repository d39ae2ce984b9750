import TextField from '@mui/material/TextField';
import { InitiateRequestSchema } from '@portal/contract/claims';
import type { z } from 'zod';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import type { RegistrationMessage } from '../registration-machine.ts';
import { REGISTRATION_TEXTS } from '../registration-texts.ts';
import { StepForm } from './step-form.tsx';

type Identity = z.output<typeof InitiateRequestSchema>;

const texts = REGISTRATION_TEXTS;

export interface IdentityStepProps {
  /** The line under the heading (the employee's or the agent's words). */
  hint: string;
  busy: boolean;
  message: RegistrationMessage | null;
  autoFocus: boolean;
  onSubmit: (identity: Identity) => void;
}

/** Step 'initial' (Verify Your Identity): SSID and NIN. */
export function IdentityStep({ hint, busy, message, autoFocus, onSubmit }: IdentityStepProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useZodForm(InitiateRequestSchema, { ssid: '', nin: '' });
  return (
    <StepForm
      hint={hint}
      onSubmit={handleSubmit((identity) => !busy && onSubmit(identity))}
      message={message}
      submitLabel={texts.steps.initial.submit}
      busyLabel={texts.steps.initial.busy}
      busy={busy}
      invalid={!isValid}
    >
      <TextField
        {...register('ssid')}
        label={texts.fields.ssid}
        required
        fullWidth
        autoFocus={autoFocus}
        autoComplete="off"
        error={errors.ssid !== undefined}
        helperText={errors.ssid?.message}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
      />
      <TextField
        {...register('nin')}
        label={texts.fields.nin}
        required
        fullWidth
        autoComplete="off"
        error={errors.nin !== undefined}
        helperText={errors.nin?.message}
        slotProps={{ htmlInput: { inputMode: 'numeric', spellCheck: false } }}
      />
    </StepForm>
  );
}
