import { useId } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccountBalance from '@mui/icons-material/AccountBalance';
import { TOAST_MS } from '@portal/contract/limits';
import { homeForRole } from '@portal/contract/roles';
import type { BulkJob } from '@portal/contract/verification';
import { BusyButton } from '../../../components/busy-button.tsx';
import type { DataColumn } from '../../../components/data-table.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { JobHistorySection } from '../../../components/job-history-section.tsx';
import { useToasts } from '../../../lib/use-toasts.ts';
import { useAccountCheckJobs, useStartAccountCheck } from '../api/account-check.ts';
import { hasActiveJob } from '../utils/bulk-job-rules.ts';
import { startRefused } from '../utils/start-refused.ts';
import { VERIFICATION_TEXTS } from '../verification-texts.ts';
import {
  BulkJobTable,
  CREATED_COLUMN,
  Figure,
  nextStepColumn,
  NUMBER,
  STATUS_COLUMN,
} from './bulk-job-table.tsx';

const texts = VERIFICATION_TEXTS.accountCheck;
const c = texts.columns;
const INTEGRITY_PATH = `${homeForRole('TENANT_ADMIN')}/integrity`;

/** A finished check that found accounts to look at sends the admin to the integrity flags. */
const hasFindings = (job: BulkJob) =>
  job.status === 'COMPLETED' && job.mismatchedRecords + job.notFoundRecords > 0;

const COLUMNS: DataColumn<BulkJob>[] = [
  CREATED_COLUMN,
  { header: c.accounts, cell: (job) => <Figure job={job} value={job.totalRecords} />, ...NUMBER },
  {
    header: c.ownName,
    cell: (job) => <Figure job={job} value={job.successfullyVerifiedRecords} />,
    ...NUMBER,
  },
  { header: c.otherName, cell: (job) => <Figure job={job} value={job.mismatchedRecords} />, ...NUMBER },
  { header: c.notFound, cell: (job) => <Figure job={job} value={job.notFoundRecords} />, ...NUMBER },
  { header: c.failed, cell: (job) => <Figure job={job} value={job.failedRecords} />, ...NUMBER },
  STATUS_COLUMN,
  nextStepColumn(hasFindings, INTEGRITY_PATH, texts.review),
];

/**
 * The account check beside bulk verification (issue #36): the banks asked whose name each salary
 * account is in, its start button and its polled history. A start refused because no record has an
 * account at a bank the portal knows is said as information, not as a failure.
 */
export function AccountCheckSection() {
  const titleId = useId();
  const jobs = useAccountCheckJobs();
  const toasts = useToasts({ success: TOAST_MS.bulkShort, error: TOAST_MS.bulkLong });
  const start = useStartAccountCheck({ onStarted: () => toasts.success(texts.started) });
  const active = hasActiveJob(jobs.data);
  const handleStart = () =>
    start.mutate(undefined, { onError: startRefused(toasts, texts.noAccounts, texts.startFailed) });
  return (
    <Stack spacing={2} component="section" aria-labelledby={titleId}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <div>
          <Typography id={titleId} variant="h5" component="h2">
            {texts.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, maxWidth: 720 }}>
            {texts.intro}
          </Typography>
        </div>
        <BusyButton
          onClick={handleStart}
          disabled={active}
          busy={start.isPending}
          label={texts.start}
          busyLabel={texts.starting}
          startIcon={<AccountBalance />}
          sx={{ flexShrink: 0 }}
        />
      </Stack>
      {active && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {texts.jobActive}
        </Typography>
      )}
      <JobHistorySection
        title={texts.historyTitle}
        query={jobs}
        loadFailed={texts.loadFailed}
        loading={texts.loading}
        empty={<EmptyState title={texts.emptyTitle} message={texts.emptyMessage} titleComponent="h4" />}
      >
        {(rows) => <BulkJobTable jobs={rows} columns={COLUMNS} label={texts.tableLabel} />}
      </JobHistorySection>
    </Stack>
  );
}
