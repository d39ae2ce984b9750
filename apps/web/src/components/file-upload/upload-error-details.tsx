import { useId } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UploadFailure } from '../../lib/upload-state.ts';
import { FILE_UPLOAD_TEXTS as texts } from './file-upload-texts.ts';

/** The error state: the server's message and, for rejected rows, a Row / Column / Reason table. */
export function UploadErrorDetails({ failure }: { failure: UploadFailure }) {
  const rowErrors = failure.rowErrors;
  // Its own id: several uploaders may be on one screen (the HR lists' dialogs, issue #35).
  const captionId = useId();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Alert severity="error" role="alert">
        <AlertTitle>{texts.errorTitle}</AlertTitle>
        {failure.message}
      </Alert>
      {rowErrors && (
        <Box>
          <Typography variant="subtitle2" component="p" id={captionId} sx={{ mb: 1 }}>
            {texts.errorsCaption(rowErrors.errorCount, rowErrors.errors.length)}
          </Typography>
          {/* Scrolls on its own: focusable so keyboard users can scroll it too; a named group, not
              a landmark (see ScrollTableContainer). */}
          <TableContainer
            tabIndex={0}
            role="group"
            aria-labelledby={captionId}
            sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 2 }}
          >
            <Table size="small" stickyHeader aria-labelledby={captionId}>
              <TableHead>
                <TableRow>
                  {/* Fixed widths from a tablet up: on a phone the reason needs the room. */}
                  <TableCell sx={{ width: { sm: 80 } }}>{texts.errorColumns.row}</TableCell>
                  <TableCell sx={{ width: { sm: 200 } }}>{texts.errorColumns.column}</TableCell>
                  <TableCell>{texts.errorColumns.reason}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rowErrors.errors.map((error, index) => (
                  <TableRow key={`${error.row}-${error.column}-${index}`}>
                    <TableCell>{error.row}</TableCell>
                    <TableCell>{error.column}</TableCell>
                    <TableCell>{error.reason}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      )}
    </Box>
  );
}
