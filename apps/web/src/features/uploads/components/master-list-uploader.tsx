import { useReducer, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { TOAST_MS } from '@portal/contract/limits';
import { homeForRole } from '@portal/contract/roles';
import { recordsFocusState } from '../../../lib/records-focus.ts';
import { useNotifyRecords } from '../api/notify-records.ts';
import { useUploadMasterList } from '../api/upload-master-list.ts';
import { describeUploadFailure } from '../upload-failure.ts';
import { INITIAL_UPLOAD_STATE, canUpload, uploadReducer } from '../upload-state.ts';
import { UPLOADS_TEXTS as texts } from '../uploads-texts.ts';
import { FileDropzone } from './file-dropzone.tsx';
import { SelectedFile } from './selected-file.tsx';
import { UploadErrorDetails } from './upload-error-details.tsx';
import { UploadProgress } from './upload-progress.tsx';
import { UploadSummary } from './upload-summary.tsx';

const RECORDS_PATH = `${homeForRole('TENANT_ADMIN')}/records`;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** The Master List Uploader (SPEC §2): idle → file selected → uploading → done or error. */
export function MasterListUploader() {
  const [state, dispatch] = useReducer(uploadReducer, INITIAL_UPLOAD_STATE);
  const upload = useUploadMasterList();
  const notify = useNotifyRecords();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  // Only the Cancel button aborts: leaving the tab lets the upload finish (the server imports all
  // rows or none, and the finished upload refreshes the records and the history).
  const abortRef = useRef<AbortController | null>(null);

  const selectFile = (file: File) => dispatch({ type: 'select', file, invalidMessage: texts.invalidType });

  const startUpload = () => {
    if (!canUpload(state) || !state.file) return;
    const controller = new AbortController();
    abortRef.current = controller;
    dispatch({ type: 'start' });
    upload.mutate(
      {
        file: state.file,
        signal: controller.signal,
        onProgress: (percent) => dispatch({ type: 'progress', percent }),
      },
      {
        onSuccess: (summary) => dispatch({ type: 'succeed', summary }),
        onError: (error) => {
          if (isAbort(error)) {
            dispatch({ type: 'cancel' });
            enqueueSnackbar(texts.cancelled, { variant: 'info', autoHideDuration: TOAST_MS.records });
          } else {
            dispatch({ type: 'fail', failure: describeUploadFailure(error) });
          }
        },
        onSettled: () => {
          abortRef.current = null;
        },
      },
    );
  };

  const notifyAll = (recordIds: string[]) =>
    notify.mutate(recordIds, {
      onSuccess: (answer) =>
        enqueueSnackbar(answer.message || texts.notifyStarted, {
          variant: 'success',
          autoHideDuration: TOAST_MS.records,
        }),
      onError: () =>
        enqueueSnackbar(texts.notifyFailed, { variant: 'error', autoHideDuration: TOAST_MS.records }),
    });

  if (state.phase === 'done') {
    const ids = state.summary.recordsRequiringReverificationIds;
    return (
      <UploadSummary
        summary={state.summary}
        fileName={state.file.name}
        onViewRecords={() => void navigate(RECORDS_PATH, { state: recordsFocusState(ids) })}
        onNotifyAll={() => notifyAll(ids)}
        notifying={notify.isPending}
        onUploadAnother={() => {
          notify.reset();
          dispatch({ type: 'reset' });
        }}
      />
    );
  }

  const uploading = state.phase === 'uploading';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {state.file === null ? (
        <FileDropzone onFile={selectFile} />
      ) : (
        <SelectedFile
          file={state.file}
          onRemove={uploading ? undefined : () => dispatch({ type: 'remove' })}
        />
      )}
      {state.phase === 'idle' && state.fileError && (
        <Alert severity="error" role="alert">
          {state.fileError}
        </Alert>
      )}
      {uploading && <UploadProgress percent={state.progress} />}
      {state.phase === 'error' && <UploadErrorDetails failure={state.failure} />}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<FileUploadOutlined />}
          disabled={!canUpload(state)}
          onClick={startUpload}
        >
          {uploading ? texts.uploading : texts.upload}
        </Button>
        {uploading && (
          <Button variant="text" onClick={() => abortRef.current?.abort()}>
            {texts.cancel}
          </Button>
        )}
      </Box>
    </Box>
  );
}
