import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { CAMPAIGN_LIMITS, CampaignExtendSchema, addDays, type Campaign } from '@portal/contract/campaigns';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatCalendarDate } from '../../../lib/format.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { useExtendExercise } from '../api/extend-exercise.ts';
import { EXERCISES_TEXTS } from '../exercises-texts.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';

const texts = EXERCISES_TEXTS.extend;

/** A later closing day and the reason; the server refuses a shorter or overlapping window (400/409). */
export function ExtendDialog({ exercise, onClose }: { exercise: Campaign; onClose: () => void }) {
  const extend = useExtendExercise();
  const toast = useToasts(TENANT_TOASTS);
  const [closesOn, setClosesOn] = useState(addDays(exercise.closesOn, 7));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const parsed = CampaignExtendSchema.safeParse({ closesOn, reason });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setProblem(null);
    extend.mutate(
      { id: exercise.id, body: parsed.data },
      {
        onSuccess: (saved) => {
          toast.success(texts.done(formatCalendarDate(saved.closesOn)));
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error, texts.title)),
      },
    );
  };
  return (
    <FormDialog
      title={texts.title}
      intro={texts.intro}
      problem={problem}
      busy={extend.isPending}
      labels={[texts.cancel, texts.submit, texts.submitting]}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        name="closesOn"
        type="date"
        label={texts.closesOn}
        value={closesOn}
        onChange={(event) => setClosesOn(event.target.value)}
        error={errors.closesOn !== undefined}
        helperText={errors.closesOn}
        required
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: addDays(exercise.closesOn, 1) } }}
      />
      <TextField
        name="reason"
        label={texts.reason}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={errors.reason !== undefined}
        helperText={errors.reason}
        required
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.reasonMax } }}
      />
    </FormDialog>
  );
}
