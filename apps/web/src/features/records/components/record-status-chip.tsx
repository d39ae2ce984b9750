import Chip from '@mui/material/Chip';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HelpOutlined from '@mui/icons-material/HelpOutlined';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import { statusIconKind, statusLabel } from '../record-status.ts';

const LOOK = {
  validated: { icon: <CheckCircleOutlined />, color: 'success' },
  rejected: { icon: <CancelOutlined />, color: 'error' },
  // Default colour: MUI's warning orange falls short of 4.5:1 as text on white.
  awaiting: { icon: <HourglassTopOutlined />, color: 'default' },
  other: { icon: <HelpOutlined />, color: 'default' },
} as const;

/** A record's status, title-cased, with its icon (SPEC §2 Master List Records). */
export function RecordStatusChip({ status }: { status: string }) {
  const look = LOOK[statusIconKind(status)];
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={look.icon}
      color={look.color}
      label={statusLabel(status)}
      data-status={status}
      // On a phone a long status ('Pending Grade Validation') wraps inside the chip rather than
      // push the table wider than the screen (issue #31).
      sx={{
        height: { xs: 'auto', sm: undefined },
        py: { xs: 0.25, sm: 0 },
        '& .MuiChip-label': { whiteSpace: { xs: 'normal', sm: 'nowrap' } },
      }}
    />
  );
}
