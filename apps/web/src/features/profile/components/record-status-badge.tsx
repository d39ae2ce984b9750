import Chip from '@mui/material/Chip';
import { statusLabel } from '../profile-record.ts';

/** Dark shades that keep at least 4.5:1 on white (MUI's warning.main has 3:1). */
const TONES: Record<string, string> = {
  VALIDATED: '#1b5e20',
  PENDING_GRADE_VALIDATION: '#0d47a1',
  AWAITING_REVALIDATION: '#b34700',
  MISMATCHED: '#b34700',
  REJECTED: '#b71c1c',
  SUSPENDED: '#b71c1c',
};

export function RecordStatusBadge({ status }: { status: string }) {
  const color = TONES[status] ?? 'text.primary';
  return (
    <Chip
      size="small"
      variant="outlined"
      label={statusLabel(status)}
      data-status={status}
      sx={{ color, borderColor: color, fontWeight: 600 }}
    />
  );
}
