import { RECORD_MESSAGES } from '@portal/contract/records';
import { countOf, formatCount } from '../../lib/format.ts';

/**
 * Texts of the file upload controls every list's uploader shares (the master list's File Upload
 * tab, the HR lists on the Integrity tab: issue #35); SPEC §2 Master List Uploader, §8.
 */
export const FILE_UPLOAD_TEXTS = {
  dropzoneHint: 'or',
  browse: 'Browse Files',
  dropzoneAccepts: 'Accepted: .csv, .xlsx, .xls',
  removeFile: (name: string) => `Remove ${name}`,
  selectedFile: 'Selected file',
  invalidType: (name: string) => `"${name}" is not a CSV or Excel file. Choose a .csv, .xlsx or .xls file.`,
  upload: 'Upload',
  uploading: 'Uploading...',
  cancel: 'Cancel',
  cancelled: 'The upload was cancelled.',
  progressLabel: 'Upload progress',
  processing: 'Checking and importing the rows...',
  errorTitle: 'Upload failed',
  uploadFailed: RECORD_MESSAGES.uploadFailed,
  errorsCaption: (count: number, shown: number) =>
    count > shown
      ? `${countOf(count, 'error')}; showing the first ${formatCount(shown)}`
      : countOf(count, 'error'),
  errorColumns: { row: 'Row', column: 'Column', reason: 'Reason' },
} as const;
