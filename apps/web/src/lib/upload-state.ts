import type { UploadRowError } from '@portal/contract/records';

/**
 * SPEC §5: the master list is a CSV or Excel file; so are the HR lists beside it (issue #35), sent
 * through the same machinery. The state is generic in the answer `S` of a finished upload.
 */
export const ACCEPTED_EXTENSIONS = ['.csv', '.xlsx', '.xls'] as const;

/** The `accept` attribute of the file input: extensions plus their usual media types. */
export const ACCEPT_ATTRIBUTE = [
  ...ACCEPTED_EXTENSIONS,
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
].join(',');

/** True when the file name ends in .csv, .xlsx or .xls (any case). */
export function hasAcceptedExtension(fileName: string): boolean {
  const lower = fileName.trim().toLowerCase();
  return ACCEPTED_EXTENSIONS.some(
    (extension) => lower.endsWith(extension) && lower.length > extension.length,
  );
}

export interface UploadFailure {
  message: string;
  /** Row errors of a 422 answer: the first ones, and how many there are in all. */
  rowErrors?: { errorCount: number; errors: UploadRowError[] };
}

/** The uploader's states (SPEC §2): idle, file selected, uploading, done with summary, error. */
export type UploadState<S = unknown> =
  | { phase: 'idle'; file: null; progress: 0; fileError: string | null }
  | { phase: 'selected'; file: File; progress: 0 }
  | { phase: 'uploading'; file: File; progress: number }
  | { phase: 'done'; file: File; progress: 100; summary: S }
  | { phase: 'error'; file: File; progress: 0; failure: UploadFailure };

export type UploadAction<S = unknown> =
  | { type: 'select'; file: File; invalidMessage: (name: string) => string }
  | { type: 'remove' }
  | { type: 'start' }
  | { type: 'progress'; percent: number }
  | { type: 'succeed'; summary: S }
  | { type: 'fail'; failure: UploadFailure }
  | { type: 'cancel' }
  | { type: 'reset' };

export const INITIAL_UPLOAD_STATE: UploadState<never> = {
  phase: 'idle',
  file: null,
  progress: 0,
  fileError: null,
};

const clampPercent = (percent: number) => Math.max(0, Math.min(100, Math.round(percent)));

export function uploadReducer<S>(state: UploadState<S>, action: UploadAction<S>): UploadState<S> {
  switch (action.type) {
    case 'select':
      // A new file cannot replace one on its way to the server.
      if (state.phase === 'uploading') return state;
      return hasAcceptedExtension(action.file.name)
        ? { phase: 'selected', file: action.file, progress: 0 }
        : { phase: 'idle', file: null, progress: 0, fileError: action.invalidMessage(action.file.name) };
    case 'remove':
    case 'reset':
      return state.phase === 'uploading' ? state : INITIAL_UPLOAD_STATE;
    case 'start':
      return canUpload(state) && state.file ? { phase: 'uploading', file: state.file, progress: 0 } : state;
    case 'progress':
      // Progress never goes back, and only an upload in flight has any.
      return state.phase === 'uploading'
        ? { ...state, progress: Math.max(state.progress, clampPercent(action.percent)) }
        : state;
    case 'succeed':
      return state.phase === 'uploading'
        ? { phase: 'done', file: state.file, progress: 100, summary: action.summary }
        : state;
    case 'fail':
      return state.phase === 'uploading'
        ? { phase: 'error', file: state.file, progress: 0, failure: action.failure }
        : state;
    case 'cancel':
      return state.phase === 'uploading' ? { phase: 'selected', file: state.file, progress: 0 } : state;
  }
}

/**
 * SPEC §5: the Upload button is disabled with no file, while uploading, or when progress is
 * above 0. After a failure the same file may be sent again (a network error is worth a retry).
 */
export function canUpload(state: UploadState<unknown>): boolean {
  return (state.phase === 'selected' || state.phase === 'error') && state.progress === 0;
}

/** Between the first byte and the server's answer; at 100 % the server is still importing. */
export function isUploading(state: UploadState<unknown>): boolean {
  return state.phase === 'uploading';
}
