import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';

/** SPEC §9: the spinner that replaces a button's label during a call is 24 px. */
const SPINNER_SIZE = 24;

export interface StepSubmitButtonProps {
  label: string;
  /** Read to screen readers while the spinner shows. */
  busyLabel: string;
  busy: boolean;
  disabled: boolean;
}

/** The submit button of a step: its label, or a spinner while the call runs (SPEC §2). */
export function StepSubmitButton({ label, busyLabel, busy, disabled }: StepSubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={disabled || busy}
      aria-busy={busy}
      sx={{ minHeight: 48 }}
    >
      {busy ? (
        <>
          <CircularProgress size={SPINNER_SIZE} color="inherit" aria-hidden="true" />
          <span style={visuallyHidden}>{busyLabel}</span>
        </>
      ) : (
        label
      )}
    </Button>
  );
}
