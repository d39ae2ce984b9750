import { useState } from 'react';
import TextField from '@mui/material/TextField';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { errorMessage } from '../../../lib/error-message.ts';

export interface TextDialogTexts {
  title: string;
  intro: string;
  cancel: string;
  submit: string;
  submitting: string;
}

/**
 * One text to send about an appeal (a question, an answer received by letter): checked with the
 * contract's schema of that field, the server's refusal shown inside the dialog.
 */
export function TextDialog({
  texts,
  label,
  maxLength,
  schema,
  busy,
  onSend,
  onClose,
}: {
  texts: TextDialogTexts;
  label: string;
  maxLength: number;
  schema: z.ZodType<string, string>;
  busy: boolean;
  onSend: (text: string, onError: (error: unknown) => void) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const parsed = schema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    setProblem(null);
    onSend(parsed.data, (e) => setProblem(errorMessage(e, texts.title)));
  };
  return (
    <FormDialog
      title={texts.title}
      intro={texts.intro}
      problem={problem}
      busy={busy}
      labels={[texts.cancel, texts.submit, texts.submitting]}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        name="text"
        label={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={error !== null}
        helperText={error}
        required
        multiline
        minRows={3}
        autoFocus
        slotProps={{ htmlInput: { maxLength } }}
      />
    </FormDialog>
  );
}
