import type { FormEventHandler, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RegistrationMessage } from '../registration-machine.ts';
import { REGISTRATION_TEXTS } from '../registration-texts.ts';
import { RegistrationMessageBox } from './registration-message-box.tsx';
import { StepSubmitButton } from './step-submit-button.tsx';

export interface StepFormProps {
  hint: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  message: RegistrationMessage | null;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The relevant fields are invalid (SPEC §5: the button stays disabled). */
  invalid: boolean;
  /** Shown on the later steps: back to step one with a fresh form. */
  onStartOver?: () => void;
  children: ReactNode;
}

/** One step of the card: hint, fields, the message box above the buttons, then the buttons. */
export function StepForm({
  hint,
  onSubmit,
  message,
  submitLabel,
  busyLabel,
  busy,
  invalid,
  onStartOver,
  children,
}: StepFormProps) {
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {hint}
      </Typography>
      {children}
      <RegistrationMessageBox message={message} />
      <Stack spacing={1}>
        <StepSubmitButton label={submitLabel} busyLabel={busyLabel} busy={busy} disabled={invalid} />
        {onStartOver && (
          <Button variant="text" onClick={onStartOver} disabled={busy} sx={{ minHeight: 48 }}>
            {REGISTRATION_TEXTS.startOver}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
