import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import type { ExportJob } from '@portal/contract/exports';
import { isActiveExport } from '../utils/export-job-rules.ts';

// Filled chips whose white text keeps 4.5:1 (MUI's info blue does not).
const STATUS_COLOR = {
  PENDING: 'default',
  PROCESSING: 'primary',
  COMPLETED: 'success',
  FAILED: 'error',
} as const satisfies Record<ExportJob['status'], 'default' | 'primary' | 'success' | 'error'>;

/** The status of an export; a spinner while it runs, and its message (why it failed) as a tooltip. */
export function ExportStatusChip({ job }: { job: Pick<ExportJob, 'status' | 'statusMessage'> }) {
  const chip = (
    <Chip
      label={job.status}
      color={STATUS_COLOR[job.status]}
      size="small"
      icon={
        isActiveExport(job) ? <CircularProgress size={12} color="inherit" aria-hidden="true" /> : undefined
      }
      // Focusable only when it has a tooltip, so keyboard users can read the message too.
      tabIndex={job.statusMessage ? 0 : undefined}
      sx={{ fontWeight: 600, letterSpacing: 0.3, '& .MuiChip-icon': { color: 'inherit', ml: 1 } }}
    />
  );
  return job.statusMessage ? (
    // To the right, over this row's own (empty) count, not over the next row's status.
    <Tooltip title={job.statusMessage} placement="right" describeChild arrow>
      {chip}
    </Tooltip>
  ) : (
    chip
  );
}
