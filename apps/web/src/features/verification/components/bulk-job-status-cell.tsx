import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { BulkJob } from '@portal/contract/verification';
import { formatCount } from '../../../lib/format.ts';
import { VERIFICATION_TEXTS } from '../verification-texts.ts';

const texts = VERIFICATION_TEXTS.bulk;

// Filled chips whose white text keeps 4.5:1 (MUI's info blue does not).
const STATUS_COLOR = {
  PENDING: 'default',
  RUNNING: 'primary',
  COMPLETED: 'success',
  FAILED: 'error',
} as const satisfies Record<BulkJob['status'], 'default' | 'primary' | 'success' | 'error'>;

/** The status chip (its tooltip is the status message) and, while RUNNING, the progress bar. */
export function BulkJobStatusCell({ job }: { job: BulkJob }) {
  const chip = (
    <Chip
      label={job.status}
      color={STATUS_COLOR[job.status]}
      size="small"
      // Focusable only when it has a tooltip, so keyboard users can read the message too.
      tabIndex={job.statusMessage ? 0 : undefined}
      sx={{ fontWeight: 600, letterSpacing: 0.3 }}
    />
  );
  return (
    <Box sx={{ minWidth: 160 }}>
      {job.statusMessage ? (
        <Tooltip title={job.statusMessage} describeChild arrow>
          {chip}
        </Tooltip>
      ) : (
        chip
      )}
      {job.status === 'RUNNING' && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress
            variant="determinate"
            value={Math.max(0, Math.min(100, job.progressPercent))}
            aria-label={texts.progressLabel}
            aria-valuetext={`${Math.round(job.progressPercent)}%`}
            sx={{ height: 6, borderRadius: 3 }}
          />
          <Typography variant="caption" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
            {texts.progress(formatCount(job.processedRecords), formatCount(job.totalRecords))}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
