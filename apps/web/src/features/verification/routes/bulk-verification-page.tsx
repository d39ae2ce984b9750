import { useId } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { BusyButton } from '../../../components/busy-button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { JobHistorySection } from '../../../components/job-history-section.tsx';
import { TabHeader } from '../../../components/tab-header.tsx';
import { TOAST_MS } from '@portal/contract/limits';
import { useToasts } from '../../../lib/use-toasts.ts';
import { useDashboardStats } from '../../../lib/dashboard-stats.ts';
import { useBulkJobs } from '../api/get-bulk-jobs.ts';
import { useStartBulkVerification } from '../api/start-bulk-verification.ts';
import { AccountCheckSection } from '../components/account-check-section.tsx';
import { BulkJobTable } from '../components/bulk-job-table.tsx';
import { BulkSummaryCards } from '../components/bulk-summary-cards.tsx';
import { LegalBasisNotice } from '../components/legal-basis-notice.tsx';
import { hasActiveJob } from '../utils/bulk-job-rules.ts';
import { startRefused } from '../utils/start-refused.ts';
import { VERIFICATION_TEXTS } from '../verification-texts.ts';

const texts = VERIFICATION_TEXTS.bulk;

/** /dashboard/tenant-admin/bulk-verify: summary, start button and the polled job history (SPEC §2). */
export function BulkVerificationPage() {
  const hintId = useId();
  const stats = useDashboardStats();
  const jobs = useBulkJobs();
  // SPEC §9: the start notice (and 'nothing to verify', not a failure) 3 s, a failure 5 s.
  const toasts = useToasts({ success: TOAST_MS.bulkShort, error: TOAST_MS.bulkLong });
  const start = useStartBulkVerification({ onStarted: () => toasts.success(texts.started) });
  const active = hasActiveJob(jobs.data);

  const handleStart = () =>
    start.mutate(undefined, { onError: startRefused(toasts, texts.allVerified, texts.startFailed) });

  return (
    <Stack spacing={3}>
      <TabHeader
        title={texts.title}
        subtitle={texts.subtitle}
        action={
          <Box
            sx={{ display: 'flex', flexDirection: 'column', alignItems: { xs: 'stretch', sm: 'flex-end' } }}
          >
            <BusyButton
              size="large"
              onClick={handleStart}
              disabled={active}
              aria-describedby={active ? hintId : undefined}
              busy={start.isPending}
              label={texts.start}
              busyLabel={texts.starting}
              startIcon={<PlayArrow />}
            />
            {active && (
              <Typography
                id={hintId}
                variant="caption"
                sx={{ color: 'text.secondary', mt: 0.5, maxWidth: 300, textAlign: { sm: 'right' } }}
              >
                {texts.jobActive}
              </Typography>
            )}
          </Box>
        }
      />

      <LegalBasisNotice />

      <BulkSummaryCards stats={stats.data} />

      <JobHistorySection
        title={texts.historyTitle}
        query={jobs}
        loadFailed={texts.loadFailed}
        loading={texts.loading}
        empty={<EmptyState title={texts.emptyTitle} message={texts.emptyMessage} titleComponent="h4" />}
      >
        {(rows) => <BulkJobTable jobs={rows} />}
      </JobHistorySection>

      <AccountCheckSection />
    </Stack>
  );
}
