import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { CONSENT_VERSION, IdentitySchema, type InitiateRequest } from '@portal/contract/claims';
import type { ClaimContext } from '../api/claim-context.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import type { RegistrationMessage } from '../registration-machine.ts';
import { REGISTRATION_TEXTS } from '../registration-texts.ts';
import { ConsentStatement } from './consent-statement.tsx';
import { StepForm } from './step-form.tsx';

const texts = REGISTRATION_TEXTS;

export interface IdentityStepProps {
  /** The line under the heading (the employee's or the agent's words). */
  hint: string;
  /** Whose words the consent's checkbox uses: the employee's, or the agent's for them. */
  variant: ClaimContext['variant'];
  busy: boolean;
  message: RegistrationMessage | null;
  autoFocus: boolean;
  onSubmit: (request: InitiateRequest) => void;
}

/**
 * Step 'initial' (Verify Your Identity): the consent statement first (issue #22), then SSID and
 * NIN; Next stays disabled until the statement is accepted and the fields are valid.
 */
export function IdentityStep({ hint, variant, busy, message, autoFocus, onSubmit }: IdentityStepProps) {
  const [consented, setConsented] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useZodForm(IdentitySchema, { ssid: '', nin: '' });
  return (
    <StepForm
      hint={hint}
      onSubmit={handleSubmit(
        (identity) => !busy && consented && onSubmit({ ...identity, consentVersion: CONSENT_VERSION }),
      )}
      message={message}
      submitLabel={texts.steps.initial.submit}
      busyLabel={texts.steps.initial.busy}
      busy={busy}
      invalid={!isValid || !consented}
    >
      <ConsentStatement variant={variant} accepted={consented} onChange={setConsented} disabled={busy} />
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
