// Reads, checks and normalises an upload off the main thread and hands it back as batches of
// COPY text, one batch ahead at most: the main thread keeps its event loop for the database.
import { parentPort } from 'node:worker_threads';
import { copyTextRow } from '../../../platform/copy-text.ts';
import { parseUpload, UploadError } from './parse-upload.ts';
import type { BatchMessage, StartMessage, WorkerMessage } from './read-upload.ts';
import type { AnyListKind } from './list-kind.ts';

const port = parentPort!;
// The worker is started ahead of its upload (read-upload.ts keeps one ready) and waits here for
// its file; then each 'next' lets it read on.
let start: (m: StartMessage) => void;
const started = new Promise<StartMessage>((resolve) => (start = resolve));
let release: (() => void) | undefined;
port.on('message', (msg: StartMessage | 'next') => {
  if (msg === 'next') {
    release?.();
    release = undefined;
  } else if (msg.type === 'start') start(msg);
});
const post = (m: WorkerMessage) => port.postMessage(m);
post({ type: 'ready' }); // its code is loaded

const { filePath, fileName, limits, kindModule } = await started;
try {
  // The list's kind, from the module the caller named (its own code: never a path from a request).
  const list = ((await import(kindModule)) as { listKind: AnyListKind }).listKind;
  let failed = false;
  for await (const batch of parseUpload(filePath, fileName, limits, list)) {
    failed ||= batch.errors.length > 0;
    const message: BatchMessage<unknown> = {
      type: 'batch',
      rowCount: batch.rows.length,
      errors: batch.errors,
      // A rejected file is only read on to count its errors: its rows are not needed.
      copyText: failed ? '' : batch.rows.map((r) => copyTextRow(list.copyRow(r))).join(''),
      columns: batch.columns ?? [],
      extra: failed ? undefined : list.extraOf?.(batch.rows),
    };
    const acked = new Promise<void>((resolve) => (release = resolve));
    post(message);
    await acked;
  }
  post({ type: 'done' });
} catch (err) {
  post(
    err instanceof UploadError
      ? { type: 'error', statusCode: err.statusCode, message: err.message, details: err.details }
      : { type: 'error', statusCode: 422, message: (err as Error).message },
  );
}
