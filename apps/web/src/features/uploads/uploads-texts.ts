import { RECORD_MESSAGES } from '@portal/contract/records';
import { FILE_UPLOAD_TEXTS } from '../../components/file-upload/file-upload-texts.ts';
import { countOf } from '../../lib/format.ts';

/**
 * Texts of the File Upload tab (SPEC §2 Master List Uploader, §8); server messages win where SPEC
 * says so. The upload controls' own words are FILE_UPLOAD_TEXTS (shared with the HR lists).
 */
export const UPLOADS_TEXTS = {
  title: 'File Upload',
  subtitle: 'Upload the master list of your employees as a CSV or Excel file (.csv, .xlsx, .xls).',
  dropzoneTitle: 'Drag and drop your master list here',
  downloadTemplate: 'Download the template',
  templateFileName: 'master-list-template.csv',
  templateFailed: 'Could not download the template.',
  cancelled: FILE_UPLOAD_TEXTS.cancelled,
  successTitle: 'Upload complete',
  newRecords: 'New records created',
  updatedRecords: 'Existing records updated',
  reverification: 'Records requiring re-verification',
  reverificationHint: 'Their identity fields changed after they were verified.',
  awaitingApproval: 'Kept in the payroll, awaiting a second approver',
  awaitingApprovalHint:
    "The upload would take them out of the payroll (their identity, posting or grade changed). They stay in it until a different tenant admin approves in 'Pending my approval'.",
  columnsNotInFile: 'Columns not in the file',
  columnsNotInFileHint:
    'The file has no column for these fields: they were left as they were on every existing record.',
  blankCellsKept: 'Blank cells left as they were',
  blankCellsKeptHint: 'A blank cell never erases a stored value; edit the record to clear one.',
  blankCellCount: (column: string, records: number) => `${column} (${countOf(records, 'record')})`,
  sharesRemoved: 'Rows sharing an identity with a removed record',
  sharesRemovedHint:
    'Their NIN, SSID, BVN or bank account is the same as a record rejected or confirmed as a ghost. They are held out of the payroll until their integrity flag (Identity of a removed record) is decided.',
  viewRecords: 'View Records',
  notifyAll: 'Notify All',
  uploadAnother: 'Upload Another File',
  notifyStarted: RECORD_MESSAGES.notifyStarted,
  notifyFailed: RECORD_MESSAGES.notifyFailed,
  historyTitle: 'Upload History',
  historyEmpty: 'No uploads yet.',
  historyFailed: 'Could not load the upload history.',
  historyColumns: {
    file: 'File',
    rows: 'Rows',
    created: 'New',
    updated: 'Updated',
    reverification: 'Re-verification',
    by: 'By',
    when: 'When',
  },
} as const;
