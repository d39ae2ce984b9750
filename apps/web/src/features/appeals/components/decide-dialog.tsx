import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  APPEAL_DECISION_LABELS,
  APPEAL_DECISIONS,
  APPEAL_LIMITS,
  APPEAL_MESSAGES,
  AppealDecideSchema,
  type Appeal,
  type AppealDecision,
} from '@portal/contract/appeals';
import { FormDialog, useFormEntry } from '../../../components/form-dialog.tsx';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { useDecideAppeal } from '../api/appeal-actions.ts';
import { APPEALS_TEXTS } from '../appeals-texts.ts';

const texts = APPEALS_TEXTS.decide;

/**
 * A decision code and the note the employee sees. A reinstating decision may come back
 * AWAITING_APPROVAL (the second approver is on): the toast says who must act next.
 */
export function DecideDialog({ appeal, onClose }: { appeal: Appeal; onClose: () => void }) {
  const decide = useDecideAppeal();
  const toast = useToasts(TENANT_TOASTS);
  const [decision, setDecision] = useState<AppealDecision | ''>('');
  const [note, setNote] = useState('');
  const entry = useFormEntry(texts.title);
  const submit = () => {
    const body = entry.check(AppealDecideSchema.safeParse({ decision: decision || undefined, note }));
    if (!body) return;
    decide.mutate(
      { id: appeal.id, body },
      {
        onSuccess: (saved) => {
          if (saved.status === 'AWAITING_APPROVAL') toast.info(APPEAL_MESSAGES.awaitsApproval);
          else toast.success(APPEAL_MESSAGES.decidedMessage);
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
      busy={decide.isPending}
      labels={[texts.cancel, texts.submit, texts.submitting]}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        select
        {...entry.field('decision')}
        label={texts.decision}
        value={decision}
        onChange={(event) => setDecision(event.target.value as AppealDecision)}
        required
      >
        {APPEAL_DECISIONS.map((d) => (
          <MenuItem key={d} value={d}>
            {APPEAL_DECISION_LABELS[d]}
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
        minRows={3}
        slotProps={{ htmlInput: { maxLength: APPEAL_LIMITS.noteMax } }}
      />
    </FormDialog>
  );
}
