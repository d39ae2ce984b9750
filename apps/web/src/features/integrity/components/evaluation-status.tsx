import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { IntegritySummary } from '@portal/contract/integrity';
import { BusyButton } from '../../../components/busy-button.tsx';
import { formatCalendarDate, formatMediumDateTime } from '../../../lib/format.ts';
import { INTEGRITY_TEXTS } from '../integrity-texts.ts';

const texts = INTEGRITY_TEXTS.status;

export interface EvaluationStatusProps {
  summary: IntegritySummary;
  /** Offered to the tenant admin only (a reviewer cannot ask for a run). */
  onEvaluate?: () => void;
  evaluating?: boolean;
}

/**
 * Where the rules' evaluation stands: 'Evaluating…' with its progress while a run goes, a note
 * while one waits to start, else the day the figures are as of (and when they were counted).
 */
export function EvaluationStatus({ summary, onEvaluate, evaluating = false }: EvaluationStatusProps) {
  const { status, progress } = summary;
  const value = progress && progress.total > 0 ? (progress.done / progress.total) * 100 : undefined;
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, minHeight: 40 }}
    >
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        {status === 'RUNNING' ? (
          <>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {texts.evaluating} {progress && texts.progress(progress.done, progress.total)}
            </Typography>
            <LinearProgress
              variant={value === undefined ? 'indeterminate' : 'determinate'}
              value={value}
              aria-label={texts.evaluating}
              sx={{ mt: 1, maxWidth: 480 }}
            />
          </>
        ) : status === 'STALE' ? (
          <>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {summary.evaluatedAt ? texts.queued : texts.never}
            </Typography>
            <LinearProgress aria-label={texts.queued} sx={{ mt: 1, maxWidth: 480 }} />
          </>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {/* One moment in the tenant's zone (issue #31 item 12): the run's, whose day is the as-of day. */}
            {summary.evaluatedAt
              ? texts.current(formatMediumDateTime(summary.evaluatedAt))
              : summary.asOf
                ? texts.current(formatCalendarDate(summary.asOf))
                : texts.never}
          </Typography>
        )}
      </Box>
      {onEvaluate && (
        <BusyButton
          variant="outlined"
          busy={evaluating}
          disabled={status === 'RUNNING'}
          label={texts.evaluateNow}
          busyLabel={texts.evaluating2}
          onClick={onEvaluate}
        />
      )}
    </Box>
  );
}
