import { Worker } from 'node:worker_threads';
import type { UploadRowError } from '@portal/contract/records';
import type { ListKind } from './list-kind.ts';
import type { MasterBatchNames } from './master-list.ts';
import type { ParseLimits } from './parse-upload.ts';
import { UploadError } from './upload-error.ts';
import { workerInbox } from './worker-inbox.ts';
import { COMPILED } from '../../../platform/compiled.ts';

/** One batch of an upload, as the worker hands it over; `extra` is what the list's kind adds. */
export interface BatchMessage<X = MasterBatchNames> {
  type: 'batch';
  rowCount: number;
  errors: UploadRowError[];
  /** The valid rows in COPY text format (empty once the file has an error). */
  copyText: string;
  /** The fields the file has a column for (issue #30). */
  columns: string[];
  /** The kind's extraOf() of the batch's rows (the master list: its ministries and departments); none once the file has an error. */
  extra?: X;
}

export type WorkerMessage =
  | BatchMessage<unknown>
  | { type: 'ready' }
  | { type: 'done' }
  | { type: 'error'; statusCode: UploadError['statusCode']; message: string; details?: unknown };

/** What a worker is told to read. */
export interface StartMessage {
  type: 'start';
  filePath: string;
  fileName: string;
  limits: ParseLimits;
  /** The module that exports the list's kind as `listKind` (ListKind.moduleUrl). */
  kindModule: string;
}

interface Spare {
  worker: Worker;
  memoryMb: number;
  exited: boolean;
  /** Settles once the worker loaded its code, or could not. */
  loaded: Promise<void>;
}

/**
 * One worker started ahead and left idle (unref'd: it keeps no process alive), so that an upload
 * does not wait for a worker to load its code (about 0.15 s). An upload takes it; the next one is
 * started when that upload is over.
 */
let spare: Spare | undefined;

function startWorker(memoryMb: number): Worker {
  // Compiled, the worker runs its compiled code as it is; as TypeScript, through an entry that
  // registers tsx first.
  const entry = COMPILED ? './ingest-worker-main.js' : './ingest-worker.mjs';
  return new Worker(new URL(entry, import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    execArgv: [],
  });
}

/**
 * Starts the spare worker, unless one with this memory limit is there; resolves once it loaded
 * its code (or failed to: a spare that did not start is replaced when an upload asks for it).
 */
export function warmIngestWorker(memoryMb: number): Promise<void> {
  if (spare && !spare.exited && spare.memoryMb === memoryMb) return spare.loaded;
  void spare?.worker.terminate();
  const worker = startWorker(memoryMb);
  worker.unref();
  const entry: Spare = {
    worker,
    memoryMb,
    exited: false,
    loaded: new Promise<void>((resolve) => {
      worker.once('message', () => resolve()); // 'ready'
      worker.once('error', () => resolve());
      worker.once('exit', () => {
        entry.exited = true;
        if (spare === entry) spare = undefined;
        resolve();
      });
    }),
  };
  worker.on('error', () => undefined); // an idle spare's crash is no one's error
  spare = entry;
  return entry.loaded;
}

/** Stops the spare worker (the portal closes). */
export async function closeIngestWorkers(): Promise<void> {
  const s = spare;
  spare = undefined;
  await s?.worker.terminate();
}

function takeWorker(memoryMb: number): Worker {
  const s = spare;
  spare = undefined;
  if (s && !s.exited && s.memoryMb === memoryMb) {
    s.worker.ref();
    return s.worker;
  }
  void s?.worker.terminate();
  return startWorker(memoryMb);
}

/**
 * Reads an upload in a worker thread (ingest-worker-main.ts) and yields its batches. The worker
 * parses the next batch while the caller stores this one, and waits for the caller before going
 * further, so memory stays flat however large the file. Whole-file problems throw UploadError.
 */
export async function* readUpload<X>(
  filePath: string,
  fileName: string,
  limits: ParseLimits,
  list: ListKind<string, unknown, X>,
): AsyncGenerator<BatchMessage<X>> {
  const worker = takeWorker(limits.workerMaxMemoryMb);
  const next = workerInbox<WorkerMessage>(worker);
  worker.postMessage({
    type: 'start',
    filePath,
    fileName,
    limits,
    kindModule: list.moduleUrl,
  } satisfies StartMessage);
  try {
    for (;;) {
      const e = await next();
      if (e.type === 'ready') continue; // a worker started for this upload loaded its code
      if (e.type === 'batch') {
        worker.postMessage('next'); // the worker reads the next batch while this one is stored
        yield e as BatchMessage<X>;
      } else if (e.type === 'done') return;
      else if (e.type === 'error') throw new UploadError(e.statusCode, e.message, e.details);
      else if ((e.error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new UploadError(413, 'The file is too large to read within the memory limit.');
      else throw new UploadError(422, `The file could not be read: ${e.error.message}`);
    }
  } finally {
    await worker.terminate();
    void warmIngestWorker(limits.workerMaxMemoryMb);
  }
}
