import { MESSAGES } from '@portal/contract/messages';
import { Alert } from '../../../field-kit/alert.tsx';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';

export interface LockWarningAlertProps {
  blocked: boolean;
  countdown: string;
  unlocked: boolean;
}

/**
 * The lock banner while blocked, then the all-clear once the block has run out. The countdown
 * is not a live region (it would be read out every second); the lockout toast announces it.
 */
export function LockWarningAlert({ blocked, countdown, unlocked }: LockWarningAlertProps) {
  if (blocked) {
    return (
      <Alert severity="warning" role="status" aria-live="off" data-testid="lock-warning">
        {UI_TEXTS.login.lockedCountdown(countdown)}
      </Alert>
    );
  }
  if (unlocked) {
    return (
      <Alert severity="info" role="status">
        {MESSAGES.login.unlocked}
      </Alert>
    );
  }
  return null;
}
