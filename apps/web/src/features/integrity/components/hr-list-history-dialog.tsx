import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { HrListKind, HrListUpload } from '@portal/contract/hr-lists';
import { PAGE_SIZES } from '@portal/contract/limits';
import type { DataColumn } from '../../../components/data-table.tsx';
import { CenteredSpinner } from '../../../components/loading-state.tsx';
import { PagedDataTable } from '../../../components/paged-data-table.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { formatCalendarDate, formatCount, formatMediumDateTime } from '../../../lib/format.ts';
import { useHrListUploads } from '../api/hr-lists.ts';
import { INTEGRITY_TEXTS } from '../integrity-texts.ts';

const texts = INTEGRITY_TEXTS.lists;
const h = texts.history;
const SIZES = PAGE_SIZES.uploads;

/** Only on a phone, where the columns it stands for are left out. */
const PHONE_ONLY = { display: { xs: 'block', sm: 'none' }, color: 'text.secondary' } as const;

/** What a phone shows under the file: the rows, the roll's date and who, as the card words them. */
function phoneDetails(upload: HrListUpload): string {
  return [
    texts.counts(upload.rows, upload.created, upload.updated),
    upload.asOf && `${h.asOf} ${formatCalendarDate(upload.asOf)}`,
    `${h.by} ${upload.uploadedByEmail}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

function columnsOf(kind: HrListKind): DataColumn<HrListUpload>[] {
  return [
    {
      header: h.uploaded,
      phone: true,
      rowHeader: true,
      cell: (u) => formatMediumDateTime(u.uploadedAt),
      sx: { whiteSpace: { sm: 'nowrap' } },
    },
    {
      header: h.file,
      phone: true,
      // At its hyphens first: 'anywhere' let the table squeeze a file name to a few letters a line.
      sx: { minWidth: { sm: 160 }, overflowWrap: 'break-word' },
      cell: (u) => (
        <>
          {u.fileName}
          <Typography variant="caption" component="div" sx={PHONE_ONLY}>
            {phoneDetails(u)}
          </Typography>
        </>
      ),
    },
    { header: h.rows, align: 'right', cell: (u) => formatCount(u.rows) },
    { header: h.created, align: 'right', cell: (u) => formatCount(u.created) },
    { header: h.updated, align: 'right', cell: (u) => formatCount(u.updated) },
    ...(kind === 'NOMINAL_ROLL'
      ? [
          {
            header: h.asOf,
            cell: (u: HrListUpload) => (u.asOf ? formatCalendarDate(u.asOf) : ''),
            sx: { whiteSpace: 'nowrap' },
          },
        ]
      : []),
    // Whole (an email broke at its '@'); a phone has it under the file.
    { header: h.by, cell: (u) => u.uploadedByEmail, sx: { whiteSpace: 'nowrap' } },
  ];
}

/**
 * A list's history of its uploads (issue #35), newest first, a page at a time from the server:
 * when (in the tenant's zone, as the card), the file, its rows, new and updated, the roll's 'as of'
 * date, who. Only accepted uploads: a refused file changes nothing and is in the audit log.
 */
export function HrListHistoryDialog({ kind, onClose }: { kind: HrListKind; onClose: () => void }) {
  const titleId = useId();
  const introId = useId();
  const list = texts.kinds[kind];
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(SIZES[0]);
  const uploads = useHrListUploads(kind, page + 1, pageSize);
  const data = uploads.data;

  let body;
  if (uploads.isError && !data)
    body = <RetryAlert onRetry={() => void uploads.refetch()}>{h.loadFailed}</RetryAlert>;
  else if (!data) body = <CenteredSpinner label={h.loading} size={24} py={3} />;
  else if (data.total === 0)
    body = (
      <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
        {h.empty}
      </Typography>
    );
  else
    body = (
      <PagedDataTable
        scrollLabel={list.history}
        label={h.label}
        small
        // Every column on one line but the file's (narrower, the table scrolls sideways).
        minWidth={kind === 'NOMINAL_ROLL' ? 940 : 820}
        busy={uploads.isPlaceholderData}
        columns={columnsOf(kind)}
        rows={data.items}
        bar={{
          count: data.total,
          page,
          pageSize,
          pageSizes: SIZES,
          onPageChange: setPage,
          onPageSizeChange: (size) => {
            setPageSize(size);
            setPage(0);
          },
        }}
        showBar={data.total > SIZES[0]}
      />
    );

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={introId}
      slotProps={{ paper: { sx: { width: 1000, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={titleId}>{list.history}</DialogTitle>
      <DialogContent>
        <DialogContentText id={introId} sx={{ mb: 2 }}>
          {h.about}
        </DialogContentText>
        {body}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" onClick={onClose}>
          {h.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
