import { readFileSync } from 'node:fs';
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
 * The worker is TypeScript, so it needs tsx like the server itself (`node --import tsx`). On Node 20
 * `execArgv: ['--import', 'tsx']` does not reach a worker's entry module (ERR_UNKNOWN_FILE_EXTENSION),
 * so a tiny JavaScript bootstrap registers tsx inside the worker and then imports the real entry.
 * tsx is resolved from this file, not the working directory, so it works from any cwd and under
 * Vitest (whose own flags are deliberately not passed on: execArgv is empty).
 */
function tsxEsmApiPath(): string {
  // The ES module build of 'tsx/esm/api' (require.resolve would give the CommonJS one, which cannot
  // be imported from a data-less eval worker), found through the package's own export map.
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } } | string>;
  };
  const entry = manifest.exports['./esm/api'];
  const relative = typeof entry === 'string' ? entry : entry?.import?.default;
  if (!relative) throw new Error('tsx does not export ./esm/api');
  return path.join(path.dirname(manifestPath), relative);
}

function workerBootstrap(): string {
  const tsxApi = pathToFileURL(tsxEsmApiPath()).href;
  const entry = new URL('./spreadsheet-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
}

/**
 * Starts the worker for one file. Its protocol: it posts {type:'rows'} and waits for {type:'ack'}
 * before reading on; then {type:'done'} or {type:'fail'}. `tmpDir` becomes its TMPDIR: exceljs
 * spills worksheets to temp files there, and the caller removes it even when the worker is killed.
 */
export function startSpreadsheetWorker(input: WorkerInput, memoryMb: number, tmpDir: string): Worker {
  return new Worker(workerBootstrap(), {
    eval: true,
    workerData: input,
    execArgv: [],
    env: { ...process.env, TMPDIR: tmpDir, TMP: tmpDir, TEMP: tmpDir },
    resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    stdout: false,
    stderr: false,
  });
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
  const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-sheet-'));
  const worker = startSpreadsheetWorker({ filePath, kind, batchSize }, limits.workerMaxMemoryMb, tmpDir);

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
