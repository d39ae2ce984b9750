import { useEffect, useRef } from 'react';
import { TextField } from '../../../../field-kit/text-field.tsx';
import { checkPsn } from '../../claim-check.ts';
import type { RegistrationMessage } from '../../registration-machine.ts';
import { REGISTRATION_TEXTS } from '../../registration-texts.ts';
import { StepForm } from './step-form.tsx';
import { useStepFields } from './use-step-fields.ts';

const texts = REGISTRATION_TEXTS;

export interface ChallengeStepProps {
  /** The line under the heading (the employee's or the agent's words). */
  hint: string;
  busy: boolean;
  message: RegistrationMessage | null;
  /** SPEC §5: no claim id held, no challenge. */
  hasClaim: boolean;
  onSubmit: (psn: string) => void;
  onStartOver: () => void;
}

/**
 * Step 'challenge' (Security Confirmation): the PSN, focused when the step shows. A text keyboard:
 * PSNs carry letters (PSN479249), which a number pad cannot type (DECISIONS 175).
 */
export function ChallengeStep({ hint, busy, message, hasClaim, onSubmit, onStartOver }: ChallengeStepProps) {
  const form = useStepFields({ psn: '' }, checkPsn);
  const psn = useRef<HTMLInputElement>(null);
  useEffect(() => psn.current?.focus(), []);
  return (
    <StepForm
      hint={hint}
      onSubmit={() => hasClaim && onSubmit(form.values.psn)}
      message={message}
      submitLabel={texts.steps.challenge.submit}
      busyLabel={texts.steps.challenge.busy}
      busy={busy}
      invalid={!form.valid || !hasClaim}
      onStartOver={onStartOver}
    >
      <TextField
        {...form.field('psn')}
        ref={psn}
        label={texts.fields.psn}
        placeholder={texts.fields.psnPlaceholder}
        required
        autoComplete="off"
        spellCheck="false"
        autoCapitalize="characters"
      />
    </StepForm>
  );
}
