import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { errorMessage } from '../lib/error-message.ts';
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

/** A contract schema's `safeParse` answer, as much of it as a form reads. */
type Parsed<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/**
 * A form dialog's entry state: each field's message from the contract's schema, and the server's
 * refusal. `check` takes the schema's answer (and messages a schema cannot give, such as a search
 * with nothing chosen) and hands back the data when there is nothing to correct; `failed` shows a
 * refused call under the title `fallback`; `field(name, hint)` gives a TextField its name, error and
 * helper text.
 */
export function useFormEntry(fallback: string) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  function check<T>(parsed: Parsed<T>, more: Record<string, string> = {}): T | undefined {
    const found = parsed.success
      ? { ...more }
      : { ...Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])), ...more };
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return undefined;
    setProblem(null);
    return parsed.data;
  }
  return {
    problem,
    check,
    failed: (error: unknown) => setProblem(errorMessage(error, fallback)),
    field: (name: string, hint?: string) => ({
      name,
      error: errors[name] !== undefined,
      helperText: errors[name] ?? hint,
    }),
  };
}
