import Chip from '@mui/material/Chip';
import type { FieldVerdict } from '@portal/contract/verification';
import { WARNING_TEXT_COLOR } from './stat-card.tsx';

// Dark text on white or on the light row highlights: 4.5:1 at least (WCAG AA, axe color-contrast).
const LOOK: Record<FieldVerdict, { label: string; color: string; border: string }> = {
  MATCH: { label: 'Match', color: 'success.dark', border: 'success.main' },
  CLOSE: { label: 'Close', color: 'info.dark', border: 'info.main' },
  DIFFERENT: { label: 'Different', color: WARNING_TEXT_COLOR, border: 'warning.main' },
};

/** A compared field's verdict (issue #20): Match, Close or Different. */
export function VerdictChip({ verdict }: { verdict: FieldVerdict }) {
  const look = LOOK[verdict];
  return (
    <Chip
      size="small"
      variant="outlined"
      label={look.label}
      sx={{ color: look.color, borderColor: look.border }}
    />
  );
}

/** A reason a close field was forgiven ('middle name missing'), as a reviewer sees it in a queue. */
export function ReasonChip({ reason }: { reason: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={reason}
      sx={{ maxWidth: '100%', color: 'info.dark', borderColor: 'info.main' }}
    />
  );
}
