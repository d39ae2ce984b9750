import { useReducer, useRef } from 'react';
import { describeUploadFailure } from '../../lib/upload-failure.ts';
import { INITIAL_UPLOAD_STATE, canUpload, uploadReducer, type UploadState } from '../../lib/upload-state.ts';
import { FILE_UPLOAD_TEXTS as texts } from './file-upload-texts.ts';

/** What an uploader hands its list's upload call: the file, the Cancel button's signal, progress. */
export interface SendFileInput {
  file: File;
  signal: AbortSignal;
  onProgress: (percent: number) => void;
}

/** A mutation's `mutate` (TanStack Query) taking a SendFileInput, answering the list's summary. */
export type SendFile<S> = (
  input: SendFileInput,
  options: { onSuccess: (summary: S) => void; onError: (error: unknown) => void; onSettled: () => void },
) => void;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * An uploader's state (SPEC §2: idle → file selected → uploading → done or error) around one
 * list's upload call; the master list's and the HR lists' (issue #35) share it. Only `cancel`
 * aborts: leaving the screen lets the upload finish (every list is imported whole or not at all).
 */
export function useFileUpload<S>(send: SendFile<S>, { onCancelled }: { onCancelled?: () => void } = {}) {
  const [state, dispatch] = useReducer(uploadReducer<S>, INITIAL_UPLOAD_STATE as UploadState<S>);
  const abortRef = useRef<AbortController | null>(null);

  const start = () => {
    if (!canUpload(state) || !state.file) return;
    const controller = new AbortController();
    abortRef.current = controller;
    dispatch({ type: 'start' });
    send(
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
            onCancelled?.();
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

  return {
    state,
    select: (file: File) => dispatch({ type: 'select', file, invalidMessage: texts.invalidType }),
    remove: () => dispatch({ type: 'remove' }),
    reset: () => dispatch({ type: 'reset' }),
    start,
    cancel: () => abortRef.current?.abort(),
  };
}

export type FileUpload<S> = ReturnType<typeof useFileUpload<S>>;
