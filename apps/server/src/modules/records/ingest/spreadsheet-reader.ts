import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RawBatch } from './cells.ts';
import type { WorkerInput, WorkerMessage } from './spreadsheet-worker.ts';
import { UploadError } from './upload-error.ts';

export interface WorkerLimits {
  workerMaxMemoryMb: number;
  workerTimeoutMs: number;
}

const unreadable = () =>
  new UploadError(
    422,
    'The spreadsheet could not be read; it may be damaged. Open it, save it again and retry.',
  );

/**
 * The worker is TypeScript, so it needs tsx's loader like the server itself (`node --import tsx`).
 * Resolved from this file rather than the working directory, so it works from any cwd and under
 * Vitest, whose own flags are deliberately not passed on.
 */
function workerExecArgv(): string[] {
  const loader = createRequire(import.meta.url).resolve('tsx');
  return ['--import', pathToFileURL(loader).href];
}

/**
 * Streams the rows of a spreadsheet read in a worker thread. The worker waits for an ack after
 * each batch, and the ack is sent only when the consumer asks for the next batch: at most one batch
 * is in flight and one being consumed, whatever the file's size. The time limit counts the
 * worker's own work, not the time it spends waiting for a slow consumer.
 */
export async function* readSpreadsheetRows(
  filePath: string,
  kind: 'xlsx' | 'xls',
  limits: WorkerLimits,
  batchSize = 2000,
): AsyncGenerator<RawBatch> {
  // exceljs spills worksheets to temp files; a private TMPDIR lets us remove them even when the
  // worker is killed mid-file.
  const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-sheet-'));
  const worker = new Worker(new URL('./spreadsheet-worker.ts', import.meta.url), {
    workerData: { filePath, kind, batchSize } satisfies WorkerInput,
    execArgv: workerExecArgv(),
    env: { ...process.env, TMPDIR: tmpDir, TMP: tmpDir, TEMP: tmpDir },
    resourceLimits: { maxOldGenerationSizeMb: limits.workerMaxMemoryMb },
    stdout: false,
    stderr: false,
  });

  const queue: RawBatch[] = [];
  let finished = false;
  let failure: UploadError | undefined;
  let worksheets = -1;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };

  let budget = limits.workerTimeoutMs;
  let runningSince = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const startClock = () => {
    runningSince = Date.now();
    timer = setTimeout(
      () => {
        fail(
          new UploadError(
            413,
            `The spreadsheet took longer than ${Math.round(limits.workerTimeoutMs / 1000)} s to read, the limit; ` +
              'split it into smaller files or save it as CSV.',
          ),
        );
      },
      Math.max(0, budget),
    );
  };
  const stopClock = () => {
    clearTimeout(timer);
    budget -= Date.now() - runningSince;
  };
  const fail = (error: UploadError) => {
    failure ??= error;
    finished = true;
    clearTimeout(timer);
    void worker.terminate();
    notify();
  };

  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'rows') {
      stopClock();
      queue.push({ rows: message.rows, date1904: message.date1904 });
    } else if (message.type === 'done') {
      clearTimeout(timer);
      worksheets = message.worksheets;
      finished = true;
    } else {
      fail(unreadable());
    }
    notify();
  });
  worker.on('error', (err: Error & { code?: string }) => {
    if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      fail(
        new UploadError(
          413,
          `The spreadsheet needs more than ${limits.workerMaxMemoryMb} MB of memory to read, the limit; ` +
            'split it into smaller files or save it as CSV.',
        ),
      );
    } else fail(unreadable());
  });
  worker.on('exit', () => {
    if (!finished) fail(unreadable());
  });

  startClock();
  try {
    for (;;) {
      const next = queue.shift();
      if (next) {
        // Let the worker read the next batch while this one is consumed.
        if (!finished) {
          worker.postMessage({ type: 'ack' });
          startClock();
        }
        yield next;
        continue;
      }
      if (failure) throw failure;
      if (finished) break;
      await new Promise<void>((resolve) => (wake = resolve));
    }
    if (worksheets === 0) throw new UploadError(422, 'The workbook has no worksheet that could be read.');
  } finally {
    clearTimeout(timer);
    await worker.terminate();
    await fs.rm(tmpDir, { recursive: true, force: true });
  }
}
