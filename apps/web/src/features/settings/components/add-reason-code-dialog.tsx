import { useId } from 'react';
import { Controller } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ReasonCodeCreateSchema, type ReasonCodeCreate } from '@portal/contract/decisions';
import { DialogButtons } from '../../../components/dialog-buttons.tsx';
import { bindTextField } from '../../../lib/bind-text-field.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { SETTINGS_TEXTS } from '../settings-texts.ts';

const texts = SETTINGS_TEXTS.addDialog;

export interface AddReasonCodeDialogProps {
  busy: boolean;
  /** The server's messages per field of a refused code (a code that exists: 'code'). */
  errors?: Record<string, string>;
  /** Called with the code as the contract reads it (trimmed, in capitals). */
  onAdd: (code: { code: string; label: string; needsNote: boolean }) => void;
  onCancel: () => void;
}

/** A new reason code: the contract's schema checks it here with the server's messages. */
export function AddReasonCodeDialog({ busy, errors = {}, onAdd, onCancel }: AddReasonCodeDialogProps) {
  const titleId = useId();
  const { control, handleSubmit, formState } = useZodForm<
    ReasonCodeCreate,
    ReturnType<typeof ReasonCodeCreateSchema.parse>
  >(ReasonCodeCreateSchema, { code: '', label: '', needsNote: false });

  const withServer = (field: 'code' | 'label', bound: ReturnType<typeof bindTextField>) =>
    errors[field] && !bound.error ? { ...bound, error: true, helperText: errors[field] } : bound;

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: 520, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form onSubmit={handleSubmit((code) => !busy && onAdd(code))} noValidate>
        <DialogTitle id={titleId}>{texts.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Controller
              control={control}
              name="code"
              render={({ field, fieldState }) => {
                const bound = withServer('code', bindTextField(field, fieldState));
                return (
                  <TextField
                    {...bound}
                    label={texts.code}
                    helperText={bound.helperText ?? texts.codeHint}
                    required
                    autoFocus
                    fullWidth
                    disabled={busy}
                    slotProps={{ htmlInput: { maxLength: 40, style: { textTransform: 'uppercase' } } }}
                  />
                );
              }}
            />
            <Controller
              control={control}
              name="label"
              render={({ field, fieldState }) => {
                const bound = withServer('label', bindTextField(field, fieldState));
                return (
                  <TextField
                    {...bound}
                    label={texts.label}
                    helperText={bound.helperText ?? texts.labelHint}
                    required
                    fullWidth
                    disabled={busy}
                    slotProps={{ htmlInput: { maxLength: 100 } }}
                  />
                );
              }}
            />
            <Controller
              control={control}
              name="needsNote"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={Boolean(field.value)}
                      onChange={(event) => field.onChange(event.target.checked)}
                      disabled={busy}
                    />
                  }
                  label={texts.needsNote}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogButtons
          busy={busy}
          onCancel={onCancel}
          labels={[texts.cancel, texts.confirm, texts.adding]}
          confirm={{ disabled: formState.isSubmitting }}
        />
      </form>
    </Dialog>
  );
}
