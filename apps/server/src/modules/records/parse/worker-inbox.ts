import type { Worker } from 'node:worker_threads';

export type Crash = { type: 'crash'; error: Error };

/**
 * The messages of a worker thread in arrival order, then its crash (an error, or an exit other
 * than 0) if it has one; the reader takes them one at a time.
 */
export function workerInbox<M>(worker: Worker): () => Promise<M | Crash> {
  const queue: (M | Crash)[] = [];
  let wake: (() => void) | undefined;
  const deliver = (m: M | Crash) => {
    queue.push(m);
    wake?.();
  };
  worker.on('message', (m: M) => deliver(m));
  worker.on('error', (error) => deliver({ type: 'crash', error }));
  worker.on('exit', (code) => {
    if (code !== 0) deliver({ type: 'crash', error: new Error(`worker exited with code ${code}`) });
  });
  return async () => {
    if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    wake = undefined;
    return queue.shift()!;
  };
}
