import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { TablePaginationBar } from '../../../components/table-pagination-bar.tsx';
import { formatCount, formatMediumDateTime } from '../../../lib/format.ts';
import { formatFileSize } from '../../../lib/format-file-size.ts';
import { useUploadHistory } from '../api/get-upload-history.ts';
import { UPLOADS_TEXTS as texts } from '../uploads-texts.ts';

const PAGE_SIZES = [5, 10, 25];
const DEFAULT_PAGE_SIZE = 5;

/** The tenant's past uploads, newest first (the server keeps the last 200). */
export function UploadHistoryTable() {
  const history = useUploadHistory();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const c = texts.historyColumns;

  let body;
  if (history.isPending) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress size={24} aria-label={texts.historyTitle} />
      </Box>
    );
  } else if (history.isError) {
    body = <Alert severity="error">{texts.historyFailed}</Alert>;
  } else if (history.data.length === 0) {
    body = (
      <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }}>
        {texts.historyEmpty}
      </Typography>
    );
  } else {
    const rows = history.data.slice(page * pageSize, page * pageSize + pageSize);
    body = (
      <>
        <ScrollTableContainer label={texts.historyTitle}>
          <Table size="small" aria-label={texts.historyTitle} sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell>{c.file}</TableCell>
                <TableCell align="right">{c.rows}</TableCell>
                <TableCell align="right">{c.created}</TableCell>
                <TableCell align="right">{c.updated}</TableCell>
                <TableCell align="right">{c.reverification}</TableCell>
                <TableCell>{c.by}</TableCell>
                <TableCell>{c.when}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell sx={{ minWidth: 180, overflowWrap: 'break-word' }}>
                    {entry.fileName}
                    <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                      {formatFileSize(entry.sizeBytes)}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{formatCount(entry.rowCount)}</TableCell>
                  <TableCell align="right">{formatCount(entry.newRecords)}</TableCell>
                  <TableCell align="right">{formatCount(entry.updatedRecords)}</TableCell>
                  <TableCell align="right">{formatCount(entry.reverificationRecords)}</TableCell>
                  <TableCell sx={{ minWidth: 160, overflowWrap: 'break-word' }}>
                    {entry.uploadedByEmail}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMediumDateTime(entry.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollTableContainer>
        {history.data.length > DEFAULT_PAGE_SIZE && (
          <TablePaginationBar
            count={history.data.length}
            page={page}
            pageSize={pageSize}
            pageSizes={PAGE_SIZES}
            onPageChange={setPage}
            onPageSizeChange={(next) => {
              setPageSize(next);
              setPage(0);
            }}
          />
        )}
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby="upload-history-title">
      <Typography variant="h6" component="h3" id="upload-history-title" sx={{ mb: 1 }}>
        {texts.historyTitle}
      </Typography>
      {body}
    </Box>
  );
}
