import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip, { type TooltipProps } from '@mui/material/Tooltip';

// Filled chips whose white text keeps 4.5:1 (MUI's info blue does not).
const STATUS_COLOR = {
  PENDING: 'default',
  PROCESSING: 'primary',
  // An export waiting for a second approver (issue #22).
  AWAITING_APPROVAL: 'secondary',
  RUNNING: 'primary',
  COMPLETED: 'success',
  FAILED: 'error',
} as const;

/** A status's words on the chip: the code itself, its underscores as spaces ('AWAITING APPROVAL'). */
const chipLabel = (status: string) => status.replaceAll('_', ' ');

export interface JobStatusChipProps {
  status: keyof typeof STATUS_COLOR;
  /** What the job said about itself (why it failed): the chip's tooltip. */
  message: string | null;
  /** A spinner in the chip while the job runs. */
  spinning?: boolean;
  tooltipPlacement?: TooltipProps['placement'];
}

/** The status of a background job (an export, a bulk verification) as a chip. */
export function JobStatusChip({ status, message, spinning = false, tooltipPlacement }: JobStatusChipProps) {
  const chip = (
    <Chip
      label={chipLabel(status)}
      color={STATUS_COLOR[status]}
      size="small"
      icon={spinning ? <CircularProgress size={12} color="inherit" aria-hidden="true" /> : undefined}
      // Focusable only when it has a tooltip, so keyboard users can read the message too.
      tabIndex={message ? 0 : undefined}
      sx={{ fontWeight: 600, letterSpacing: 0.3, '& .MuiChip-icon': { color: 'inherit', ml: 1 } }}
    />
  );
  return message ? (
    <Tooltip title={message} placement={tooltipPlacement} describeChild arrow>
      {chip}
    </Tooltip>
  ) : (
    chip
  );
}
