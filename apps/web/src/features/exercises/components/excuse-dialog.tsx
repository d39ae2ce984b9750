import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  CAMPAIGN_LIMITS,
  CampaignExcuseSchema,
  EXCUSAL_REASONS,
  EXCUSAL_REASON_LABELS,
  type Campaign,
} from '@portal/contract/campaigns';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { useExcusePerson } from '../api/excuse-person.ts';
import { EXERCISES_TEXTS } from '../exercises-texts.ts';
import { FormDialog, useFormEntry } from '../../../components/form-dialog.tsx';

const texts = EXERCISES_TEXTS.excuse;

/**
 * Excuses one person of the scope with a reason code and a note. The server answers 404 outside the
 * scope and 409 for one who appeared or is excused already: shown in the dialog.
 */
export function ExcuseDialog({ exercise, onClose }: { exercise: Campaign; onClose: () => void }) {
  const excuse = useExcusePerson();
  const toast = useToasts(TENANT_TOASTS);
  const [recordId, setRecordId] = useState('');
  const [reasonCode, setReasonCode] = useState('');
  const [note, setNote] = useState('');
  const entry = useFormEntry(texts.title);
  const submit = () => {
    const body = entry.check(CampaignExcuseSchema.safeParse({ recordId: recordId.trim(), reasonCode, note }));
    if (!body) return;
    excuse.mutate(
      { id: exercise.id, body },
      {
        onSuccess: (excusal) => {
          toast.success(excusal.status === 'PENDING_APPROVAL' ? texts.pending : texts.done);
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
      busy={excuse.isPending}
      labels={[texts.cancel, texts.submit, texts.submitting]}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        {...entry.field('recordId', texts.recordIdHint)}
        label={texts.recordId}
        value={recordId}
        onChange={(event) => setRecordId(event.target.value)}
        required
      />
      <TextField
        select
        {...entry.field('reasonCode')}
        label={texts.reasonCode}
        value={reasonCode}
        onChange={(event) => setReasonCode(event.target.value)}
        required
      >
        {EXCUSAL_REASONS.map((code) => (
          <MenuItem key={code} value={code}>
            {EXCUSAL_REASON_LABELS[code]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...entry.field('note')}
        label={texts.note}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        required
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.reasonMax } }}
      />
    </FormDialog>
  );
}
