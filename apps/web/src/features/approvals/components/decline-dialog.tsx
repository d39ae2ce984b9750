import { useId, useState, type FormEvent } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { DialogButtons } from '../../../components/dialog-buttons.tsx';
import { APPROVALS_TEXTS } from '../approvals-texts.ts';

const texts = APPROVALS_TEXTS.declineDialog;

export interface DeclineDialogProps {
  summary: string;
  busy: boolean;
  /** The server's message for the note, when it refused. */
  error?: string;
  /** Called with the trimmed, non-blank note only. */
  onDecline: (note: string) => void;
  onCancel: () => void;
}

/** Declining needs a note (the contract's rule): it goes back to the reviewers with the record. */
export function DeclineDialog({ summary, busy, error, onDecline, onCancel }: DeclineDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const blank = note.trim().length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (blank || busy) return;
    onDecline(note.trim());
  };

  const shown = error ?? (touched && blank ? texts.noteRequired : undefined);
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      slotProps={{ paper: { sx: { width: 560, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{texts.title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={messageId} sx={{ mb: 2 }}>
            {texts.message(summary)}
          </DialogContentText>
          <TextField
            name="note"
            label={texts.note}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            onBlur={() => setTouched(true)}
            error={Boolean(shown)}
            helperText={shown}
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
          labels={[texts.cancel, texts.confirm, texts.declining]}
          confirm={{ disabled: blank, color: 'error' }}
        />
      </form>
    </Dialog>
  );
}
