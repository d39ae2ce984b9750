import { Link } from 'react-router';
import Button from '@mui/material/Button';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { PAGE_SIZES } from '@portal/contract/limits';
import { homeForRole } from '@portal/contract/roles';
import type { BulkJob } from '@portal/contract/verification';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { TablePaginationBar, useClientPages } from '../../../components/table-pagination-bar.tsx';
import { formatCount, formatMediumDateTime } from '../../../lib/format.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { showsValidationStep } from '../utils/bulk-job-rules.ts';
import { VERIFICATION_TEXTS } from '../verification-texts.ts';
import { BulkJobStatusCell } from './bulk-job-status-cell.tsx';

const texts = VERIFICATION_TEXTS.bulk;
const c = texts.columns;
const VALIDATION_PATH = `${homeForRole('TENANT_ADMIN')}/validation`;
const PAGE_SIZE_OPTIONS = PAGE_SIZES.jobs;
const DEFAULT_PAGE_SIZE = 10;

/** A dash that screen readers read as 'None'. */
export function Nothing() {
  return (
    <>
      <span aria-hidden="true">{'\u2014'}</span>
      <span style={visuallyHidden}>{texts.noNextStep}</span>
    </>
  );
}

/** A PENDING job has not counted its records yet: a dash, not a misleading 0. */
export function Figure({ job, value }: { job: BulkJob; value: number }) {
  return job.status === 'PENDING' && job.totalRecords === 0 ? <Nothing /> : <>{formatCount(value)}</>;
}

export const NUMBER = { align: 'right', sx: { fontVariantNumeric: 'tabular-nums' } } as const;

/** When the job was created: the row's header. */
export const CREATED_COLUMN: DataColumn<BulkJob> = {
  header: c.createdAt,
  phone: true,
  cell: (job) => formatMediumDateTime(job.createdAt),
  rowHeader: true,
  sx: { whiteSpace: 'nowrap' },
};

/** The status chip and, while running, the progress bar. */
export const STATUS_COLUMN: DataColumn<BulkJob> = {
  header: c.status,
  phone: true,
  cell: (job) => <BulkJobStatusCell job={job} />,
};

/** A link to where a finished job's results are worked on, for the jobs `shows` picks; else a dash. */
export function nextStepColumn(
  shows: (job: BulkJob) => boolean,
  to: string,
  label: string,
): DataColumn<BulkJob> {
  return {
    header: c.nextStep,
    phone: true,
    sx: { whiteSpace: 'nowrap' },
    cell: (job) =>
      shows(job) ? (
        <Button component={Link} to={to} size="small" endIcon={<ArrowForward />}>
          {label}
        </Button>
      ) : (
        <Nothing />
      ),
  };
}

const COLUMNS: DataColumn<BulkJob>[] = [
  CREATED_COLUMN,
  { header: c.totalRecords, cell: (job) => <Figure job={job} value={job.totalRecords} />, ...NUMBER },
  {
    header: c.verified,
    cell: (job) => <Figure job={job} value={job.successfullyVerifiedRecords} />,
    ...NUMBER,
  },
  { header: c.notFound, cell: (job) => <Figure job={job} value={job.notFoundRecords} />, ...NUMBER },
  STATUS_COLUMN,
  nextStepColumn(showsValidationStep, VALIDATION_PATH, texts.goToValidation),
];

/**
 * A job history of the bulk jobs' shape, paged on the client (page sizes 5, 10, 20: SPEC §2): bulk
 * verification's columns unless others are given (the account check's).
 */
export function BulkJobTable({
  jobs,
  columns = COLUMNS,
  label = texts.tableLabel,
}: {
  jobs: readonly BulkJob[];
  columns?: DataColumn<BulkJob>[];
  label?: string;
}) {
  const { rows, bar } = useClientPages(jobs, PAGE_SIZE_OPTIONS, DEFAULT_PAGE_SIZE);
  return (
    <>
      <ScrollTableContainer label={label}>
        <DataTable label={label} minWidth={760} columns={columns} rows={rows} hover />
      </ScrollTableContainer>
      <TablePaginationBar {...bar} />
    </>
  );
}
