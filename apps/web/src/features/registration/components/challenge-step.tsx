import TextField from '@mui/material/TextField';
import { ChallengeRequestSchema } from '@portal/contract/claims';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import type { RegistrationMessage } from '../registration-machine.ts';
import { REGISTRATION_TEXTS } from '../registration-texts.ts';
import { StepForm } from './step-form.tsx';

const PsnSchema = ChallengeRequestSchema.pick({ psn: true });

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

/** Step 'challenge' (Security Confirmation): the PSN. */
export function ChallengeStep({ hint, busy, message, hasClaim, onSubmit, onStartOver }: ChallengeStepProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useZodForm(PsnSchema, { psn: '' });
  return (
    <StepForm
      hint={hint}
      onSubmit={handleSubmit(({ psn }) => !busy && hasClaim && onSubmit(psn))}
      message={message}
      submitLabel={texts.steps.challenge.submit}
      busyLabel={texts.steps.challenge.busy}
      busy={busy}
      invalid={!isValid || !hasClaim}
      onStartOver={onStartOver}
    >
      <TextField
        {...register('psn')}
        label={texts.fields.psn}
        placeholder={texts.fields.psnPlaceholder}
        required
        fullWidth
        autoFocus
        autoComplete="off"
        error={errors.psn !== undefined}
        helperText={errors.psn?.message}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
      />
    </StepForm>
  );
}
