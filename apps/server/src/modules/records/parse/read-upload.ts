import { Worker } from 'node:worker_threads';
import type { UploadRowError } from '@portal/contract/records';
import type { ParseLimits } from './parse-upload.ts';
import { UploadError } from './upload-error.ts';
import { workerInbox } from './worker-inbox.ts';

/** One batch of an upload, as the worker hands it over. */
export interface BatchMessage {
  type: 'batch';
  rowCount: number;
  errors: UploadRowError[];
  /** The valid rows in COPY text format (empty once the file has an error). */
  copyText: string;
  /** Ministry and department names as written in this batch, each once. */
  ministries: string[];
  departments: string[];
}

export type WorkerMessage =
  | BatchMessage
  | { type: 'done' }
  | { type: 'error'; statusCode: UploadError['statusCode']; message: string; details?: unknown };

/**
 * Reads an upload in a worker thread (ingest-worker-main.ts) and yields its batches. The worker
 * parses the next batch while the caller stores this one, and waits for the caller before going
 * further, so memory stays flat however large the file. Whole-file problems throw UploadError.
 */
export async function* readUpload(
  filePath: string,
  fileName: string,
  limits: ParseLimits,
): AsyncGenerator<BatchMessage> {
  const worker = new Worker(new URL('./ingest-worker.mjs', import.meta.url), {
    workerData: { filePath, fileName, limits },
    resourceLimits: { maxOldGenerationSizeMb: limits.workerMaxMemoryMb },
    execArgv: [],
  });
  const next = workerInbox<WorkerMessage>(worker);
  try {
    for (;;) {
      const e = await next();
      if (e.type === 'batch') {
        worker.postMessage('next'); // the worker reads the next batch while this one is stored
        yield e;
      } else if (e.type === 'done') return;
      else if (e.type === 'error') throw new UploadError(e.statusCode, e.message, e.details);
      else if ((e.error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new UploadError(413, 'The file is too large to read within the memory limit.');
      else throw new UploadError(422, `The file could not be read: ${e.error.message}`);
    }
  } finally {
    await worker.terminate();
  }
}
