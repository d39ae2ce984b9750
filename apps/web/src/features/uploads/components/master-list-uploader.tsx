import { useNavigate } from 'react-router';
import { useSnackbar } from 'notistack';
import { TOAST_MS } from '@portal/contract/limits';
import { homeForRole } from '@portal/contract/roles';
import { FileUploadControls } from '../../../components/file-upload/file-upload-controls.tsx';
import { useFileUpload } from '../../../components/file-upload/use-file-upload.ts';
import { recordsFocusState } from '../../../lib/records-focus.ts';
import { useNotifyRecords } from '../api/notify-records.ts';
import { useUploadMasterList } from '../api/upload-master-list.ts';
import { UPLOADS_TEXTS as texts } from '../uploads-texts.ts';
import { UploadSummary } from './upload-summary.tsx';

const RECORDS_PATH = `${homeForRole('TENANT_ADMIN')}/records`;

/** The Master List Uploader (SPEC §2): idle → file selected → uploading → done or error. */
export function MasterListUploader() {
  const mutation = useUploadMasterList();
  const notify = useNotifyRecords();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const upload = useFileUpload(mutation.mutate, {
    onCancelled: () =>
      enqueueSnackbar(texts.cancelled, { variant: 'info', autoHideDuration: TOAST_MS.records }),
  });
  const { state } = upload;

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
          upload.reset();
        }}
      />
    );
  }
  return <FileUploadControls upload={upload} dropzoneTitle={texts.dropzoneTitle} />;
}
