import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import CheckCircle from '@mui/icons-material/CheckCircle';
import type { EmailAvailability } from '../hooks/use-email-availability.ts';
import { USERS_TEXTS } from '../users-texts.ts';

export type EmailFieldProps = Omit<TextFieldProps, 'type' | 'error' | 'helperText'> & {
  availability: EmailAvailability;
  /** The form's own error (format, or the server's answer); wins over 'already taken'. */
  errorMessage: string | undefined;
};

function adornment(availability: EmailAvailability) {
  if (availability === 'checking') {
    return <CircularProgress size={18} aria-label={USERS_TEXTS.form.checkingEmail} />;
  }
  if (availability === 'available') {
    return <CheckCircle color="success" titleAccess={USERS_TEXTS.form.emailAvailable} />;
  }
  return null;
}

/** Email of a new user, checked for existence while typing (SPEC §5: spinner while checking). */
export function EmailField({ availability, errorMessage, ...props }: EmailFieldProps) {
  const error = errorMessage ?? (availability === 'taken' ? USERS_TEXTS.emailTaken : undefined);
  const status = adornment(availability);
  return (
    <TextField
      {...props}
      type="email"
      autoComplete="off"
      error={error !== undefined}
      helperText={error}
      slotProps={{
        htmlInput: { spellCheck: false, autoCapitalize: 'none' },
        input: status ? { endAdornment: <InputAdornment position="end">{status}</InputAdornment> } : {},
      }}
    />
  );
}
