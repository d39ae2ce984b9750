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
import { FormDialog } from '../../../components/form-dialog.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const parsed = AppealDecideSchema.safeParse({ decision: decision || undefined, note });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setProblem(null);
    decide.mutate(
      { id: appeal.id, body: parsed.data },
      {
        onSuccess: (saved) => {
          if (saved.status === 'AWAITING_APPROVAL') toast.info(APPEAL_MESSAGES.awaitsApproval);
          else toast.success(APPEAL_MESSAGES.decidedMessage);
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
      busy={decide.isPending}
      labels={[texts.cancel, texts.submit, texts.submitting]}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        select
        name="decision"
        label={texts.decision}
        value={decision}
        onChange={(event) => setDecision(event.target.value as AppealDecision)}
        error={errors.decision !== undefined}
        helperText={errors.decision}
        required
      >
        {APPEAL_DECISIONS.map((d) => (
          <MenuItem key={d} value={d}>
            {APPEAL_DECISION_LABELS[d]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        name="note"
        label={texts.note}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={errors.note !== undefined}
        helperText={errors.note}
        required
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: APPEAL_LIMITS.noteMax } }}
      />
    </FormDialog>
  );
}
