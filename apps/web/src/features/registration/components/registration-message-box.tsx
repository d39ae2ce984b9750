import Alert from '@mui/material/Alert';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import type { RegistrationMessage } from '../registration-machine.ts';

/** The message box above the buttons: success with a check icon, error with a warning icon. */
export function RegistrationMessageBox({ message }: { message: RegistrationMessage | null }) {
  if (!message) return null;
  const success = message.severity === 'success';
  return (
    <Alert
      severity={success ? 'success' : 'error'}
      icon={
        success ? <CheckCircleOutlined fontSize="inherit" /> : <WarningAmberOutlined fontSize="inherit" />
      }
      role={success ? 'status' : 'alert'}
      data-testid="registration-message"
      data-icon={success ? 'check' : 'warning'}
    >
      {message.text}
    </Alert>
  );
}
