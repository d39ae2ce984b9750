import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { ExportJob } from '@portal/contract/exports';
import { PAGE_SIZES } from '@portal/contract/limits';
import { BusyButton } from '../../../components/busy-button.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { JobStatusChip } from '../../../components/job-status-chip.tsx';
import { TablePaginationBar, useClientPages } from '../../../components/table-pagination-bar.tsx';
import { formatCount, formatMediumDateTime } from '../../../lib/format.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { EXPORTS_TEXTS as texts } from '../exports-texts.ts';
import {
  canDownload,
  hasRecordCount,
  isActiveExport,
  isAwaitingApproval,
} from '../utils/export-job-rules.ts';

const c = texts.columns;
const DEFAULT_PAGE_SIZE = 10;
const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;

export interface ExportJobTableProps {
  jobs: readonly ExportJob[];
  onDownload: (job: ExportJob) => void;
  /** The export whose file is being fetched, if any. */
  downloadingId: string | undefined;
}

/** Only a generated export has counted its records; before that a 0 would be misleading. */
function RecordCount({ job }: { job: ExportJob }) {
  if (hasRecordCount(job)) return <>{formatCount(job.recordCount)}</>;
  return (
    <>
      <span aria-hidden="true">{'\u2014'}</span>
      <span style={visuallyHidden}>{texts.notReady}</span>
    </>
  );
}

/** Fetches the file; its hidden words name the export's date, so each button reads apart. */
function DownloadButton({
  job,
  onDownload,
  downloading,
}: {
  job: ExportJob;
  onDownload: () => void;
  downloading: boolean;
}) {
  return (
    <BusyButton
      size="small"
      variant="outlined"
      disabled={!canDownload(job)}
      onClick={onDownload}
      busy={downloading}
      label={texts.download}
      busyLabel={texts.downloading}
      startIcon={<FileDownloadOutlined />}
    >
      <span style={visuallyHidden}>{texts.downloadContext(formatMediumDateTime(job.exportTimestamp))}</span>
    </BusyButton>
  );
}

/** Download, and under it, while the export awaits its second approver, why it is disabled. */
function DownloadCell(props: { job: ExportJob; onDownload: () => void; downloading: boolean }) {
  if (!isAwaitingApproval(props.job)) return <DownloadButton {...props} />;
  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
      <DownloadButton {...props} />
      <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'normal', maxWidth: 220 }}>
        {texts.awaitingApproval}
      </Typography>
    </Box>
  );
}

/**
 * The export history, newest first, in SPEC §2's column order, paged on the client (page sizes
 * 5, 10, 25).
 */
export function ExportJobTable({ jobs, onDownload, downloadingId }: ExportJobTableProps) {
  const { rows, bar } = useClientPages(jobs, PAGE_SIZES.exports, DEFAULT_PAGE_SIZE);
  const columns: DataColumn<ExportJob>[] = [
    {
      header: c.status,
      phone: true,
      headSx: { width: 170 },
      // The tooltip to the right, over this row's own (empty) count, not over the next row's status.
      cell: (job) => (
        <JobStatusChip
          status={job.status}
          message={job.statusMessage ?? (isAwaitingApproval(job) ? texts.awaitingApprovalTooltip : null)}
          spinning={isActiveExport(job)}
          tooltipPlacement="right"
        />
      ),
    },
    { header: c.recordCount, cell: (job) => <RecordCount job={job} />, align: 'right', sx: TABULAR },
    {
      header: c.exportedBy,
      sx: { wordBreak: 'break-all' },
      cell: (job) => (
        <>
          {job.exportedByEmail}
          {job.approvedByEmail && (
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              {texts.approvedBy(job.approvedByEmail)}
            </Typography>
          )}
        </>
      ),
    },
    // The date tells the exports apart: it heads the row for screen readers.
    {
      header: c.exportDate,
      phone: true,
      cell: (job) => formatMediumDateTime(job.exportTimestamp),
      rowHeader: true,
      sx: { whiteSpace: 'nowrap' },
    },
    {
      header: c.download,
      phone: true,
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      cell: (job) => (
        <DownloadCell job={job} onDownload={() => onDownload(job)} downloading={downloadingId === job.id} />
      ),
    },
  ];

  return (
    <>
      <ScrollTableContainer label={texts.tableLabel}>
        <DataTable label={texts.tableLabel} minWidth={720} columns={columns} rows={rows} hover />
      </ScrollTableContainer>
      <TablePaginationBar {...bar} />
    </>
  );
}
