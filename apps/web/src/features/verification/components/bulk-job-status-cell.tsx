import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { BulkJob } from '@portal/contract/verification';
import { JobStatusChip } from '../../../components/job-status-chip.tsx';
import { formatCount } from '../../../lib/format.ts';
import { VERIFICATION_TEXTS } from '../verification-texts.ts';

const texts = VERIFICATION_TEXTS.bulk;

/** The status chip (its tooltip is the status message) and, while RUNNING, the progress bar. */
export function BulkJobStatusCell({ job }: { job: BulkJob }) {
  return (
    <Box sx={{ minWidth: 160 }}>
      <JobStatusChip status={job.status} message={job.statusMessage} />
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
