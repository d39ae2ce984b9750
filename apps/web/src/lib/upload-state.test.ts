import { describe, expect, it } from 'vitest';
import {
  INITIAL_UPLOAD_STATE,
  canUpload,
  hasAcceptedExtension,
  uploadReducer,
  type UploadAction,
  type UploadState,
} from './upload-state.ts';

const file = (name = 'master-list.csv') => new File(['x'], name);
const invalidMessage = (name: string) => `bad ${name}`;
const summary = {
  newRecordsCreated: 3,
  existingRecordsUpdated: 1,
  recordsRequiringReverificationIds: [],
  reverificationAwaitingApproval: 0,
  columnsNotInFile: [],
  blankCellsKept: [],
  sharesRemovedIdentity: 0,
};
const run = (...actions: UploadAction[]) =>
  actions.reduce(uploadReducer, INITIAL_UPLOAD_STATE as UploadState);
const select = (name?: string): UploadAction => ({ type: 'select', file: file(name), invalidMessage });
/** A file selected and sent whole, then the server's `outcome`. */
const sentWhole = (outcome: UploadAction) =>
  run(select(), { type: 'start' }, { type: 'progress', percent: 100 }, outcome);

describe('hasAcceptedExtension', () => {
  it.each(['list.csv', 'LIST.CSV', 'book.xlsx', 'old.xls', 'my.file.Xlsx', ' spaced.csv '])(
    'accepts %s',
    (name) => {
      expect(hasAcceptedExtension(name)).toBe(true);
    },
  );
  it.each(['notes.txt', 'list.csv.exe', 'data.xlsm', 'csv', '.csv', 'archive.zip', ''])(
    'rejects %s',
    (name) => {
      expect(hasAcceptedExtension(name)).toBe(false);
    },
  );
});

describe('upload state machine', () => {
  it('starts idle with the Upload button disabled', () => {
    expect(INITIAL_UPLOAD_STATE.phase).toBe('idle');
    expect(canUpload(INITIAL_UPLOAD_STATE)).toBe(false);
  });

  it('selecting a CSV or Excel file enables Upload', () => {
    const state = run(select());
    expect(state).toMatchObject({ phase: 'selected', progress: 0 });
    expect(canUpload(state)).toBe(true);
  });

  it('rejects another extension with a message and no file', () => {
    const state = run(select(), select('photo.png'));
    expect(state).toEqual({ phase: 'idle', file: null, progress: 0, fileError: 'bad photo.png' });
    expect(canUpload(state)).toBe(false);
  });

  it('disables Upload while uploading, and keeps progress monotonic and within 0–100', () => {
    let state = run(select(), { type: 'start' });
    expect(state).toMatchObject({ phase: 'uploading', progress: 0 });
    expect(canUpload(state)).toBe(false);
    state = uploadReducer(state, { type: 'progress', percent: 40.4 });
    expect(state.progress).toBe(40);
    state = uploadReducer(state, { type: 'progress', percent: 10 });
    expect(state.progress).toBe(40);
    state = uploadReducer(state, { type: 'progress', percent: 180 });
    expect(state.progress).toBe(100);
    expect(canUpload(state)).toBe(false);
  });

  it('ignores a second start, a new file or a remove while uploading', () => {
    const uploading = run(select(), { type: 'start' }, { type: 'progress', percent: 30 });
    expect(uploadReducer(uploading, { type: 'start' })).toBe(uploading);
    expect(uploadReducer(uploading, select('other.csv'))).toBe(uploading);
    expect(uploadReducer(uploading, { type: 'remove' })).toBe(uploading);
  });

  it('ends in done with the summary; Upload stays disabled until reset', () => {
    const done = sentWhole({ type: 'succeed', summary });
    expect(done).toMatchObject({ phase: 'done', progress: 100, summary });
    expect(canUpload(done)).toBe(false);
    expect(uploadReducer(done, { type: 'reset' })).toEqual(INITIAL_UPLOAD_STATE);
  });

  it('ends in error with the failure, progress back to 0 so the file can be sent again', () => {
    const failure = { message: 'The file has 2 errors' };
    const state = sentWhole({ type: 'fail', failure });
    expect(state).toMatchObject({ phase: 'error', progress: 0, failure });
    expect(canUpload(state)).toBe(true);
  });

  it('a cancelled upload returns to the selected file', () => {
    const state = run(select(), { type: 'start' }, { type: 'progress', percent: 50 }, { type: 'cancel' });
    expect(state).toMatchObject({ phase: 'selected', progress: 0 });
  });

  it('progress, success and failure outside an upload change nothing', () => {
    const selected = run(select());
    expect(uploadReducer(selected, { type: 'progress', percent: 50 })).toBe(selected);
    expect(uploadReducer(selected, { type: 'succeed', summary })).toBe(selected);
    expect(uploadReducer(selected, { type: 'fail', failure: { message: 'x' } })).toBe(selected);
  });
});
