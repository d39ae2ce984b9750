import { Worker } from 'node:worker_threads';
import type { Cell } from './cell-values.ts';
import { UploadError } from './upload-error.ts';
import { workerInbox } from './worker-inbox.ts';

export interface WorkerLimits {
  workerMaxMemoryMb: number;
  workerTimeoutMs: number;
}

/** Where a visible worksheet begins, in a workbook's stream of rows. */
export interface SheetStart {
  sheet: string;
}

type Message =
  { type: 'rows'; rows: (Cell[] | SheetStart)[] } | { type: 'done' } | { type: 'error'; message: string };

/**
 * Streams the rows of a spreadsheet read by a worker thread, in its batches (a sheet's start among
 * them). SheetJS has open advisories and a crafted workbook can be heavy: the worker has its own
 * heap limit and a deadline, and dies alone.
 */
export async function* readSpreadsheet(
  filePath: string,
  kind: 'xlsx' | 'xls',
  limits: WorkerLimits,
): AsyncGenerator<(Cell[] | SheetStart)[]> {
  const worker = new Worker(new URL('./spreadsheet-worker.mjs', import.meta.url), {
    workerData: { filePath, kind, batchSize: 2000 },
    resourceLimits: { maxOldGenerationSizeMb: limits.workerMaxMemoryMb },
    execArgv: [],
  });
  const next = workerInbox<Message>(worker);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void worker.terminate();
  }, limits.workerTimeoutMs);
  try {
    for (;;) {
      const m = await next();
      if (m.type === 'rows') {
        yield m.rows;
        worker.postMessage('next');
      } else if (m.type === 'done') return;
      else if (m.type === 'error')
        throw new UploadError(422, `The spreadsheet could not be read: ${m.message}`);
      else {
        if (timedOut)
          throw new UploadError(
            422,
            `The spreadsheet took longer than ${Math.round(limits.workerTimeoutMs / 1000)} s to read.`,
          );
        if ((m.error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
          throw new UploadError(413, 'The spreadsheet is too large to read within the memory limit.');
        }
        throw new UploadError(422, `The spreadsheet could not be read: ${m.error.message}`);
      }
    }
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
}
