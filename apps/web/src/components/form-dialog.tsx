import { useId, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { DialogButtons } from './dialog-buttons.tsx';

/**
 * A form dialog: a title, a line of why, the fields, and the server's refusal (a 409
 * such as 'cannot be shortened') shown inside it as an alert so the entry can be corrected.
 */
export function FormDialog({
  title,
  intro,
  problem,
  busy,
  labels,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  intro: string;
  problem: string | null;
  busy: boolean;
  labels: readonly [cancel: string, confirm: string, confirming: string];
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const introId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={introId}
      slotProps={{ paper: { sx: { width: 560, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={introId} sx={{ mb: 2 }}>
            {intro}
          </DialogContentText>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {children}
            {problem && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogButtons busy={busy} onCancel={onClose} labels={labels} />
      </form>
    </Dialog>
  );
}
