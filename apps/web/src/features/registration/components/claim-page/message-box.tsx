import { Alert } from '../../../../field-kit/alert.tsx';
import type { RegistrationMessage } from '../../registration-machine.ts';

/** The message box above the buttons: success with a check icon, error with a warning icon. */
export function MessageBox({ message }: { message: RegistrationMessage | null }) {
  if (!message) return null;
  const success = message.severity === 'success';
  return (
    <Alert
      severity={success ? 'success' : 'error'}
      icon={success ? 'checkCircle' : 'warning'}
      role={success ? 'status' : 'alert'}
      data-testid="registration-message"
      data-icon={success ? 'check' : 'warning'}
    >
      {message.text}
    </Alert>
  );
}
