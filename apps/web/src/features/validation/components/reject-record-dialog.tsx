import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { DialogButtons } from '../../../components/dialog-buttons.tsx';
import { VALIDATION_TEXTS } from '../validation-texts.ts';
import { dialogPaper } from './record-dialog-paper.ts';

const texts = VALIDATION_TEXTS.reject;

export interface RejectRecordDialogProps {
  fullName: string;
  /** The rejection is on its way. */
  busy: boolean;
  /** Called with the trimmed, non-blank reason only. */
  onReject: (reason: string) => void;
  onCancel: () => void;
}

/**
 * Asks why a record is rejected (SPEC §4–5): a blank reason cannot be sent, and cancelling
 * sends nothing.
 */
export function RejectRecordDialog({ fullName, busy, onReject, onCancel }: RejectRecordDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const blank = reason.trim().length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (blank || busy) return;
    onReject(reason.trim());
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
          <TextField
            name="reason"
            label={texts.reason}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && blank}
            helperText={touched && blank ? texts.reasonRequired : undefined}
            required
            multiline
            minRows={3}
            autoFocus
            fullWidth
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </DialogContent>
        <DialogButtons
          busy={busy}
          onCancel={onCancel}
          labels={[texts.cancel, texts.confirm, texts.rejecting]}
          confirm={{ disabled: blank, color: 'error' }}
        />
      </form>
    </Dialog>
  );
}
