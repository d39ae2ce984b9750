import { useState } from 'react';
import { Link } from 'react-router';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { PAGE_SIZES } from '@portal/contract/limits';
import { homeForRole } from '@portal/contract/roles';
import type { BulkJob } from '@portal/contract/verification';
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
function Nothing() {
  return (
    <>
      <span aria-hidden="true">{'\u2014'}</span>
      <span style={visuallyHidden}>{texts.noNextStep}</span>
    </>
  );
}

/** A PENDING job has not counted its records yet: a dash, not a misleading 0. */
function Figure({ job, value }: { job: BulkJob; value: number }) {
  return job.status === 'PENDING' && job.totalRecords === 0 ? <Nothing /> : <>{formatCount(value)}</>;
}

/** The job history, paged on the client (page sizes 5, 10, 20: SPEC §2). */
export function BulkJobTable({ jobs }: { jobs: readonly BulkJob[] }) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const lastPage = Math.max(0, Math.ceil(jobs.length / pageSize) - 1);
  const currentPage = Math.min(page, lastPage);
  const rows = jobs.slice(currentPage * pageSize, (currentPage + 1) * pageSize);

  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table aria-label={texts.tableLabel} sx={{ minWidth: 760 }}>
          <TableHead>
            <TableRow>
              <TableCell>{c.createdAt}</TableCell>
              <TableCell align="right">{c.totalRecords}</TableCell>
              <TableCell align="right">{c.verified}</TableCell>
              <TableCell align="right">{c.notFound}</TableCell>
              <TableCell>{c.status}</TableCell>
              <TableCell>{c.nextStep}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((job) => (
              <TableRow key={job.id} hover>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMediumDateTime(job.createdAt)}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  <Figure job={job} value={job.totalRecords} />
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  <Figure job={job} value={job.successfullyVerifiedRecords} />
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  <Figure job={job} value={job.notFoundRecords} />
                </TableCell>
                <TableCell>
                  <BulkJobStatusCell job={job} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {showsValidationStep(job) ? (
                    <Button component={Link} to={VALIDATION_PATH} size="small" endIcon={<ArrowForward />}>
                      {texts.goToValidation}
                    </Button>
                  ) : (
                    <Nothing />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={jobs.length}
        page={currentPage}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZE_OPTIONS}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        showFirstButton
        showLastButton
      />
    </>
  );
}
