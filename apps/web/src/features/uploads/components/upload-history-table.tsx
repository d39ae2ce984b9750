import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { PAGE_SIZES } from '@portal/contract/limits';
import type { UploadHistoryEntry } from '@portal/contract/records';
import { CenteredSpinner } from '../../../components/loading-state.tsx';
import { PagedDataTable } from '../../../components/paged-data-table.tsx';
import type { DataColumn } from '../../../components/data-table.tsx';
import { useClientPages } from '../../../components/table-pagination-bar.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { formatCount, formatMediumDateTime } from '../../../lib/format.ts';
import { formatFileSize } from '../../../lib/format-file-size.ts';
import { useUploadHistory } from '../api/get-upload-history.ts';
import { UPLOADS_TEXTS as texts } from '../uploads-texts.ts';

const DEFAULT_PAGE_SIZE = PAGE_SIZES.uploads[0];

const c = texts.historyColumns;
const COLUMNS: DataColumn<UploadHistoryEntry>[] = [
  {
    header: c.file,
    phone: true,
    sx: { minWidth: 180, overflowWrap: 'break-word' },
    cell: (entry) => (
      <>
        {entry.fileName}
        <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
          {formatFileSize(entry.sizeBytes)}
        </Typography>
      </>
    ),
  },
  { header: c.rows, cell: (entry) => formatCount(entry.rowCount), align: 'right' },
  { header: c.created, cell: (entry) => formatCount(entry.newRecords), align: 'right' },
  { header: c.updated, cell: (entry) => formatCount(entry.updatedRecords), align: 'right' },
  { header: c.reverification, cell: (entry) => formatCount(entry.reverificationRecords), align: 'right' },
  { header: c.by, cell: (entry) => entry.uploadedByEmail, sx: { minWidth: 160, overflowWrap: 'break-word' } },
  {
    header: c.when,
    phone: true,
    cell: (entry) => formatMediumDateTime(entry.createdAt),
    sx: { whiteSpace: 'nowrap' },
  },
];

/** The tenant's past uploads, newest first (the server keeps the last 200). */
export function UploadHistoryTable() {
  const history = useUploadHistory();
  const { rows, bar } = useClientPages(history.data ?? [], PAGE_SIZES.uploads, DEFAULT_PAGE_SIZE);

  let body;
  if (history.isPending) {
    body = <CenteredSpinner label={texts.historyTitle} size={24} py={3} />;
  } else if (history.isError) {
    body = <Alert severity="error">{texts.historyFailed}</Alert>;
  } else if (history.data.length === 0) {
    body = (
      <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }}>
        {texts.historyEmpty}
      </Typography>
    );
  } else {
    body = (
      <PagedDataTable
        scrollLabel={texts.historyTitle}
        small
        label={texts.historyTitle}
        minWidth={760}
        columns={COLUMNS}
        rows={rows}
        bar={bar}
        showBar={bar.count > DEFAULT_PAGE_SIZE}
      />
    );
  }

  return (
    <TitledSection title={texts.historyTitle} gap={1}>
      {body}
    </TitledSection>
  );
}
