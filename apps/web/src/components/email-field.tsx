import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import CheckCircle from '@mui/icons-material/CheckCircle';

/**
 * idle: nothing to check (blank or malformed); checking: waiting for the pause or the answer;
 * available / taken: the answer; unknown: the check failed (the server still refuses a taken
 * email on create, with 409).
 */
export type EmailAvailability = 'idle' | 'checking' | 'available' | 'taken' | 'unknown';

/** What a checked email field says while it checks and after. */
export interface EmailCheckTexts {
  checking: string;
  available: string;
  taken: string;
}

export interface EmailCheck {
  availability: EmailAvailability;
  texts: EmailCheckTexts;
}

export type EmailFieldProps = Omit<TextFieldProps, 'type' | 'error' | 'helperText'> & {
  /** Whether the address is still free, for a form that checks it while typing. */
  check?: EmailCheck;
  /** The form's own error (format, or the server's answer); wins over 'already taken'. */
  errorMessage: string | undefined;
};

function adornment(check: EmailCheck | undefined) {
  if (check?.availability === 'checking') {
    return <CircularProgress size={18} aria-label={check.texts.checking} />;
  }
  if (check?.availability === 'available') {
    return <CheckCircle color="success" titleAccess={check.texts.available} />;
  }
  return null;
}

/** Email of a new user; with `check`, a spinner while checking and 'already taken' (SPEC §5). */
export function EmailField({ check, errorMessage, ...props }: EmailFieldProps) {
  const error = errorMessage ?? (check?.availability === 'taken' ? check.texts.taken : undefined);
  const status = adornment(check);
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
