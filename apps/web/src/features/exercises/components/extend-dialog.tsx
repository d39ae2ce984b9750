import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { CAMPAIGN_LIMITS, CampaignExtendSchema, addDays, type Campaign } from '@portal/contract/campaigns';
import { formatCalendarDate } from '../../../lib/format.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { useExtendExercise } from '../api/extend-exercise.ts';
import { EXERCISES_TEXTS } from '../exercises-texts.ts';
import { FormDialog, useFormEntry } from '../../../components/form-dialog.tsx';

const texts = EXERCISES_TEXTS.extend;

/** A later closing day and the reason; the server refuses a shorter or overlapping window (400/409). */
export function ExtendDialog({ exercise, onClose }: { exercise: Campaign; onClose: () => void }) {
  const extend = useExtendExercise();
  const toast = useToasts(TENANT_TOASTS);
  const [closesOn, setClosesOn] = useState(addDays(exercise.closesOn, 7));
  const [reason, setReason] = useState('');
  const entry = useFormEntry(texts.title);
  const submit = () => {
    const body = entry.check(CampaignExtendSchema.safeParse({ closesOn, reason }));
    if (!body) return;
    extend.mutate(
      { id: exercise.id, body },
      {
        onSuccess: (saved) => {
          toast.success(texts.done(formatCalendarDate(saved.closesOn)));
          onClose();
        },
        onError: entry.failed,
      },
    );
  };
  return (
    <FormDialog
      title={texts.title}
      intro={texts.intro}
      problem={entry.problem}
      busy={extend.isPending}
      labels={[texts.cancel, texts.submit, texts.submitting]}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        {...entry.field('closesOn')}
        type="date"
        label={texts.closesOn}
        value={closesOn}
        onChange={(event) => setClosesOn(event.target.value)}
        required
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: addDays(exercise.closesOn, 1) } }}
      />
      <TextField
        {...entry.field('reason')}
        label={texts.reason}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        required
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.reasonMax } }}
      />
    </FormDialog>
  );
}
