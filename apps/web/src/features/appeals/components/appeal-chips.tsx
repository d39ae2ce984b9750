import Chip from '@mui/material/Chip';
import {
  APPEAL_DEADLINE_LABELS,
  APPEAL_STATUS_LABELS,
  type AppealDeadlineState,
  type AppealStatus,
} from '@portal/contract/appeals';
import { APPEALS_TEXTS } from '../appeals-texts.ts';

const texts = APPEALS_TEXTS.deadline;

const DEADLINE_COLORS: Record<AppealDeadlineState, 'success' | 'warning' | 'error' | 'default'> = {
  ON_TRACK: 'success',
  AT_RISK: 'warning',
  BREACHED: 'error',
  MET: 'default',
};

/** The words of a deadline: its state and, while the appeal is heard, the days left (or over). */
export function deadlineText(state: AppealDeadlineState, daysLeft: number | null): string {
  const label = APPEAL_DEADLINE_LABELS[state];
  if (daysLeft === null) return label;
  return `${label} · ${daysLeft < 0 ? texts.daysOver(-daysLeft) : texts.daysLeft(daysLeft)}`;
}

/** ON_TRACK / AT_RISK / BREACHED with the days left; a decided appeal: met or breached. */
export function DeadlineChip({ state, daysLeft }: { state: AppealDeadlineState; daysLeft: number | null }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={DEADLINE_COLORS[state]}
      label={deadlineText(state, daysLeft)}
      data-deadline={state}
      // The days left wrap under the state in a narrow cell rather than widen the table.
      sx={{
        fontWeight: 600,
        height: 'auto',
        maxWidth: '100%',
        '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'normal', py: 0.25 },
      }}
    />
  );
}

const STATUS_COLORS: Record<AppealStatus, 'info' | 'warning' | 'secondary' | 'default'> = {
  OPEN: 'info',
  AWAITING_EMPLOYEE: 'warning',
  AWAITING_APPROVAL: 'secondary',
  DECIDED: 'default',
};

export function AppealStatusChip({ status }: { status: AppealStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLORS[status]}
      label={APPEAL_STATUS_LABELS[status]}
      data-status={status}
    />
  );
}
