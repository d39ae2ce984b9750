import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { DialogButtons } from '../../../components/dialog-buttons.tsx';
import { ReasonFields } from '../../../components/reason-fields.tsx';
import { reasonChoiceErrors, type ReasonChoice, type ReasonOption } from '../../../lib/reason-choice.ts';
import { VALIDATION_TEXTS } from '../validation-texts.ts';
import { dialogPaper } from './record-dialog-paper.ts';

const texts = VALIDATION_TEXTS.reject;

/** What a rejection sends: one of the tenant's reason codes and the reviewer's note (trimmed). */
export interface Rejection {
  reasonCode: string;
  reason: string;
}

export interface RejectRecordDialogProps {
  fullName: string;
  /** The tenant's active reason codes (empty while they load). */
  reasons: readonly ReasonOption[];
  /** The rejection is on its way. */
  busy: boolean;
  /** Server messages per field of a refused rejection ('reasonCode', 'comments'). */
  errors?: Record<string, string>;
  /** Called only with a reason code and a note that suits it. */
  onReject: (rejection: Rejection) => void;
  onCancel: () => void;
}

/**
 * Asks why a record is rejected (SPEC §4–5, issue #22): a reason code from the tenant's list and
 * the reviewer's note, which SPEC requires for every rejection. Nothing is sent while either is
 * missing, and cancelling sends nothing.
 */
export function RejectRecordDialog({
  fullName,
  reasons,
  busy,
  errors = {},
  onReject,
  onCancel,
}: RejectRecordDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const [choice, setChoice] = useState<ReasonChoice>({ reasonCode: '', note: '' });
  const [touched, setTouched] = useState(false);
  const problems = reasonChoiceErrors(reasons, choice, {
    noteAlways: true,
    noteRequired: texts.reasonRequired,
  });
  const invalid = Object.keys(problems).length > 0;
  const shown = {
    reasonCode: errors.reasonCode ?? (touched ? problems.reasonCode : undefined),
    note: errors.comments ?? errors.note ?? (touched || choice.reasonCode ? problems.note : undefined),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (invalid || busy) return;
    onReject({ reasonCode: choice.reasonCode, reason: choice.note.trim() });
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      slotProps={dialogPaper(600)}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Box component="span" aria-hidden="true" sx={{ display: 'flex', color: 'warning.main' }}>
            <WarningAmber />
          </Box>
          {texts.title}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id={messageId} sx={{ mb: 2 }}>
            {texts.message(fullName)}
          </DialogContentText>
          <ReasonFields
            options={reasons}
            value={choice}
            onChange={setChoice}
            errors={shown}
            labels={{ reason: texts.reasonCode, note: texts.reason }}
            noteAlways
            disabled={busy}
            loadingText={texts.reasonsLoading}
          />
        </DialogContent>
        <DialogButtons
          busy={busy}
          onCancel={onCancel}
          labels={[texts.cancel, texts.confirm, texts.rejecting]}
          confirm={{ disabled: invalid, color: 'error' }}
        />
      </form>
    </Dialog>
  );
}
