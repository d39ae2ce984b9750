import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { HrListKind, HrListUploadSummary } from '@portal/contract/hr-lists';
import { TOAST_MS } from '@portal/contract/limits';
import { FILE_UPLOAD_TEXTS } from '../../../components/file-upload/file-upload-texts.ts';
import { FileUploadControls } from '../../../components/file-upload/file-upload-controls.tsx';
import { useFileUpload } from '../../../components/file-upload/use-file-upload.ts';
import { formatCount, tenantToday } from '../../../lib/format.ts';
import { useToasts } from '../../../lib/use-toasts.ts';
import { useUploadHrList } from '../api/hr-lists.ts';
import { INTEGRITY_TEXTS } from '../integrity-texts.ts';

const texts = INTEGRITY_TEXTS.lists;

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ flex: '1 1 88px', minWidth: 0, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {formatCount(value)}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
    </Box>
  );
}

/** What an accepted upload did: the file, its rows, the people added and updated. */
function HrListUploadDone({ summary, fileName }: { summary: HrListUploadSummary; fileName: string }) {
  return (
    <Stack spacing={2} aria-live="polite" data-testid="hr-list-upload-summary">
      <Alert severity="success">
        <AlertTitle>{texts.dialog.done}</AlertTitle>
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {fileName}
        </Box>
      </Alert>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <Count label={texts.dialog.rows} value={summary.rows} />
        <Count label={texts.dialog.created} value={summary.created} />
        <Count label={texts.dialog.updated} value={summary.updated} />
      </Box>
    </Stack>
  );
}

/**
 * A list's upload (issue #35) through the master list's machinery: the same file types, progress,
 * row errors of a refused file and the server's message for a 400, 413 or 415; the nominal roll
 * also takes the day it describes (today unless changed). It cannot be closed while the file is
 * on its way (Cancel stops it); the upload refreshes the lists, the figures and the flags.
 */
export function HrListUploadDialog({ kind, onClose }: { kind: HrListKind; onClose: () => void }) {
  const titleId = useId();
  const introId = useId();
  const list = texts.kinds[kind];
  const toast = useToasts({ success: TOAST_MS.records, error: TOAST_MS.records });
  const mutation = useUploadHrList(kind);
  const [asOf, setAsOf] = useState(tenantToday);
  const upload = useFileUpload<HrListUploadSummary>(
    (input, options) => mutation.mutate({ ...input, asOf: asOf || undefined }, options),
    { onCancelled: () => toast.info(FILE_UPLOAD_TEXTS.cancelled) },
  );
  const { state } = upload;
  const uploading = state.phase === 'uploading';

  return (
    <Dialog
      open
      onClose={uploading ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={introId}
      slotProps={{ paper: { sx: { width: 640, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={titleId}>{list.upload}</DialogTitle>
      <DialogContent>
        <DialogContentText id={introId} sx={{ mb: 2 }}>
          {`${list.about} ${texts.dialog.columns(list.columns)}`}
        </DialogContentText>
        {state.phase === 'done' ? (
          <HrListUploadDone summary={state.summary} fileName={state.file.name} />
        ) : (
          <Stack spacing={2}>
            {kind === 'NOMINAL_ROLL' && (
              <TextField
                type="date"
                size="small"
                label={texts.dialog.asOf}
                helperText={texts.dialog.asOfHint}
                value={asOf}
                onChange={(event) => setAsOf(event.target.value)}
                disabled={uploading}
                sx={{ maxWidth: 240 }}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
            <FileUploadControls upload={upload} dropzoneTitle={list.dropzone} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
        {state.phase === 'done' && <Button onClick={upload.reset}>{texts.dialog.uploadAnother}</Button>}
        <Button
          variant={state.phase === 'done' ? 'contained' : 'text'}
          onClick={onClose}
          disabled={uploading}
        >
          {texts.dialog.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
