import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReasonChoice, ReasonChoiceErrors, ReasonOption } from '../lib/reason-choice.ts';

export interface ReasonFieldsProps {
  options: readonly ReasonOption[];
  value: ReasonChoice;
  onChange: (next: ReasonChoice) => void;
  /** Errors to show (the caller shows them once the user has tried or left a field). */
  errors: ReasonChoiceErrors;
  labels: { reason: string; note: string };
  /** The note is required whatever the reason (a rejection's reviewer reason). */
  noteAlways?: boolean;
  disabled?: boolean;
  /** The reasons are still loading: the select says so instead of being empty. */
  loadingText?: string;
}

/**
 * A reason chosen from the tenant's list (labels, not codes) and the note beside it, required when
 * the reason needs one (issue #22). Shared by the reject and the integrity decision dialogs.
 */
export function ReasonFields({
  options,
  value,
  onChange,
  errors,
  labels,
  noteAlways = false,
  disabled = false,
  loadingText,
}: ReasonFieldsProps) {
  const option = options.find((o) => o.code === value.reasonCode);
  return (
    <Stack spacing={2.5}>
      <TextField
        select
        name="reasonCode"
        label={labels.reason}
        value={option ? value.reasonCode : ''}
        onChange={(event) => onChange({ ...value, reasonCode: event.target.value })}
        required
        disabled={disabled || options.length === 0}
        error={Boolean(errors.reasonCode)}
        helperText={errors.reasonCode ?? (options.length === 0 ? loadingText : undefined)}
        fullWidth
      >
        {options.map((o) => (
          <MenuItem key={o.code} value={o.code}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        name="note"
        label={labels.note}
        value={value.note}
        onChange={(event) => onChange({ ...value, note: event.target.value })}
        required={noteAlways || Boolean(option?.needsNote)}
        disabled={disabled}
        error={Boolean(errors.note)}
        helperText={errors.note}
        multiline
        minRows={3}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </Stack>
  );
}
