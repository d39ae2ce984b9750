import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { canUpload } from '../../lib/upload-state.ts';
import { FileDropzone } from './file-dropzone.tsx';
import { FILE_UPLOAD_TEXTS as texts } from './file-upload-texts.ts';
import { SelectedFile } from './selected-file.tsx';
import { UploadErrorDetails } from './upload-error-details.tsx';
import { UploadProgress } from './upload-progress.tsx';
import type { FileUpload } from './use-file-upload.ts';

/**
 * An uploader before its answer: the dropzone or the chosen file, a refused file type, real
 * progress, the server's refusal with its row errors, and Upload / Cancel. The caller shows the
 * summary of a finished upload (each list's answer has its own figures).
 */
export function FileUploadControls<S>({
  upload,
  dropzoneTitle,
  disabled = false,
}: {
  upload: FileUpload<S>;
  dropzoneTitle: string;
  /** The Upload button waits (e.g. for a field the upload needs). */
  disabled?: boolean;
}) {
  const { state } = upload;
  const uploading = state.phase === 'uploading';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {state.file === null ? (
        <FileDropzone title={dropzoneTitle} onFile={upload.select} />
      ) : (
        <SelectedFile file={state.file} onRemove={uploading ? undefined : upload.remove} />
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
          disabled={disabled || !canUpload(state)}
          onClick={upload.start}
        >
          {uploading ? texts.uploading : texts.upload}
        </Button>
        {uploading && (
          <Button variant="text" onClick={upload.cancel}>
            {texts.cancel}
          </Button>
        )}
      </Box>
    </Box>
  );
}
