import { useId } from 'react';
import { Link } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import AccountBalance from '@mui/icons-material/AccountBalance';
import { ERROR_CODES } from '@portal/contract/errors';
import { TOAST_MS } from '@portal/contract/limits';
import { homeForRole } from '@portal/contract/roles';
import type { BulkJob } from '@portal/contract/verification';
import { BusyButton } from '../../../components/busy-button.tsx';
import type { DataColumn } from '../../../components/data-table.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { JobHistorySection } from '../../../components/job-history-section.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatMediumDateTime } from '../../../lib/format.ts';
import { useToasts } from '../../../lib/use-toasts.ts';
import { useAccountCheckJobs, useStartAccountCheck } from '../api/account-check.ts';
import { hasActiveJob } from '../utils/bulk-job-rules.ts';
import { VERIFICATION_TEXTS } from '../verification-texts.ts';
import { BulkJobStatusCell } from './bulk-job-status-cell.tsx';
import { BulkJobTable, Figure, Nothing, NUMBER } from './bulk-job-table.tsx';

const texts = VERIFICATION_TEXTS.accountCheck;
const c = texts.columns;
const INTEGRITY_PATH = `${homeForRole('TENANT_ADMIN')}/integrity`;

/** A finished check that found accounts to look at sends the admin to the integrity flags. */
const hasFindings = (job: BulkJob) =>
  job.status === 'COMPLETED' && job.mismatchedRecords + job.notFoundRecords > 0;

const COLUMNS: DataColumn<BulkJob>[] = [
  {
    header: c.createdAt,
    phone: true,
    cell: (job) => formatMediumDateTime(job.createdAt),
    rowHeader: true,
    sx: { whiteSpace: 'nowrap' },
  },
  { header: c.accounts, cell: (job) => <Figure job={job} value={job.totalRecords} />, ...NUMBER },
  {
    header: c.ownName,
    cell: (job) => <Figure job={job} value={job.successfullyVerifiedRecords} />,
    ...NUMBER,
  },
  { header: c.otherName, cell: (job) => <Figure job={job} value={job.mismatchedRecords} />, ...NUMBER },
  { header: c.notFound, cell: (job) => <Figure job={job} value={job.notFoundRecords} />, ...NUMBER },
  { header: c.failed, cell: (job) => <Figure job={job} value={job.failedRecords} />, ...NUMBER },
  { header: c.status, phone: true, cell: (job) => <BulkJobStatusCell job={job} /> },
  {
    header: c.nextStep,
    phone: true,
    sx: { whiteSpace: 'nowrap' },
    cell: (job) =>
      hasFindings(job) ? (
        <Button component={Link} to={INTEGRITY_PATH} size="small" endIcon={<ArrowForward />}>
          {texts.review}
        </Button>
      ) : (
        <Nothing />
      ),
  },
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
    start.mutate(undefined, {
      onError: (error) =>
        error instanceof ApiError && error.code === ERROR_CODES.NOTHING_TO_VERIFY
          ? toasts.info(errorMessage(error, texts.noAccounts))
          : toasts.error(texts.startFailed(errorMessage(error, String(error)))),
    });
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
