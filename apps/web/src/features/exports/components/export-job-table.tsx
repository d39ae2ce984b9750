import { useState } from 'react';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { ExportJob } from '@portal/contract/exports';
import { PAGE_SIZES } from '@portal/contract/limits';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { TablePaginationBar, clampPage } from '../../../components/table-pagination-bar.tsx';
import { formatCount, formatMediumDateTime } from '../../../lib/format.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { EXPORTS_TEXTS as texts } from '../exports-texts.ts';
import { canDownload } from '../utils/export-job-rules.ts';
import { ExportStatusChip } from './export-status-chip.tsx';

const c = texts.columns;
const DEFAULT_PAGE_SIZE = 10;

export interface ExportJobTableProps {
  jobs: readonly ExportJob[];
  onDownload: (job: ExportJob) => void;
  /** The export whose file is being fetched, if any. */
  downloadingId: string | undefined;
}

/** Only a COMPLETED export has counted its records; before that a 0 would be misleading. */
function RecordCount({ job }: { job: ExportJob }) {
  if (job.status === 'COMPLETED') return <>{formatCount(job.recordCount)}</>;
  return (
    <>
      <span aria-hidden="true">{'\u2014'}</span>
      <span style={visuallyHidden}>{texts.notReady}</span>
    </>
  );
}

/**
 * The export history, newest first, in SPEC §2's column order, paged on the client (page sizes
 * 5, 10, 25).
 */
export function ExportJobTable({ jobs, onDownload, downloadingId }: ExportJobTableProps) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const currentPage = clampPage(page, jobs.length, pageSize);
  const rows = jobs.slice(currentPage * pageSize, (currentPage + 1) * pageSize);

  return (
    <>
      <ScrollTableContainer label={texts.tableLabel}>
        <Table aria-label={texts.tableLabel} sx={{ minWidth: 720 }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 170 }}>{c.status}</TableCell>
              <TableCell align="right">{c.recordCount}</TableCell>
              <TableCell>{c.exportedBy}</TableCell>
              <TableCell>{c.exportDate}</TableCell>
              <TableCell align="right">{c.download}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((job) => {
              const date = formatMediumDateTime(job.exportTimestamp);
              const downloading = downloadingId === job.id;
              return (
                <TableRow key={job.id} hover>
                  <TableCell>
                    <ExportStatusChip job={job} />
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    <RecordCount job={job} />
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{job.exportedByEmail}</TableCell>
                  {/* The date tells the exports apart: it heads the row for screen readers. */}
                  <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                    {date}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={!canDownload(job)}
                      onClick={() => onDownload(job)}
                      loading={downloading}
                      loadingPosition="start"
                      startIcon={<FileDownloadOutlined />}
                    >
                      {downloading ? texts.downloading : texts.download}
                      <span style={visuallyHidden}>{texts.downloadContext(date)}</span>
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </ScrollTableContainer>
      <TablePaginationBar
        count={jobs.length}
        page={currentPage}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES.exports}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(0);
        }}
      />
    </>
  );
}
