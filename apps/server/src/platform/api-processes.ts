import cluster, { type Worker } from 'node:cluster';

/**
 * Several processes serving the API on one port (issue #23, DECISIONS 118): node:cluster's primary
 * holds the port and hands each new connection to its processes in turn; each process is a whole
 * portal (its own pool, its own signed-in users' rows, jobs when its role runs them: pg-boss takes
 * each job once whichever process asks). The primary does no portal work.
 *
 * - Start: the first process migrates and bootstraps alone; the others start once it listens.
 * - SIGHUP: a graceful restart, one process at a time: a new one listens before the old one stops
 *   taking connections and finishes what it was doing (SIGTERM), so the port never goes unserved.
 * - SIGTERM / SIGINT: every process finishes its in-flight requests and jobs (their own SIGTERM
 *   handling), then the primary exits; past `shutdownTimeoutMs` + 5 s the stragglers are killed.
 * - A process that dies unasked is replaced (after 1 s, so a crash loop does not spin).
 * - A process whose primary is gone (killed) exits at once: nothing serves without a supervisor.
 */
export interface SupervisorOptions {
  processes: number;
  shutdownTimeoutMs: number;
  log: (message: string) => void;
}

/** The environment variable that tells a process its slot (0 prints the start banner). */
export const API_SLOT_ENV = 'PORTAL_API_SLOT';

export function isApiProcess(): boolean {
  return cluster.isWorker;
}

/** In a forked API process: exit when the supervisor is gone (its IPC channel closed). */
export function exitWithSupervisor(): void {
  if (!cluster.isWorker) return;
  process.on('disconnect', () => process.exit(1));
}

export async function superviseApiProcesses(opts: SupervisorOptions): Promise<void> {
  const slots: (Worker | undefined)[] = new Array<Worker | undefined>(opts.processes);
  const retiring = new Set<Worker>();
  let stopping = false;

  const fork = (slot: number): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork({ [API_SLOT_ENV]: String(slot) });
      const failed = (code: number | null) =>
        reject(new Error(`API process ${slot} exited (${code}) before listening`));
      worker.once('exit', failed);
      worker.once('listening', () => {
        worker.off('exit', failed);
        worker.on('exit', (code, signal) => {
          if (retiring.delete(worker) || stopping) return;
          opts.log(`API process ${worker.process.pid} ended (${signal ?? code}); starting another`);
          if (slots[slot] === worker) slots[slot] = undefined;
          setTimeout(() => {
            if (!stopping)
              void fork(slot).then(
                (w) => (slots[slot] = w),
                (err: Error) => opts.log(err.message),
              );
          }, 1000).unref();
        });
        resolve(worker);
      });
    });

  let restarting: Promise<void> | undefined;
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  // Signals are taken from the start: a SIGHUP while the processes start restarts them once they
  // listen (Node's default for SIGHUP would end the supervisor).
  process.on('SIGHUP', () => {
    restarting ??= (async () => {
      await started;
      for (let slot = 0; slot < slots.length && !stopping; slot++) {
        const old = slots[slot];
        slots[slot] = await fork(slot);
        if (old) {
          retiring.add(old);
          const gone = new Promise((r) => old.once('exit', r));
          old.process.kill('SIGTERM');
          await gone;
        }
      }
      opts.log(`restarted the API processes: ${slots.map((w) => w?.process.pid).join(', ')}`);
    })()
      .catch((err: Error) => opts.log(`restart failed: ${err.message}`))
      .finally(() => (restarting = undefined));
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    const force = setTimeout(() => {
      opts.log('API processes did not stop in time; killing them');
      for (const w of workers) w.process.kill('SIGKILL');
      process.exit(1);
    }, opts.shutdownTimeoutMs + 5000);
    force.unref();
    void Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill(signal);
          }),
      ),
    ).then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGTERM'));

  // The first process migrates and bootstraps; the others start on the database it prepared.
  slots[0] = await fork(0);
  await Promise.all(
    Array.from({ length: opts.processes - 1 }, (_, i) => fork(i + 1).then((w) => (slots[i + 1] = w))),
  );
  markStarted();
  opts.log(`${opts.processes} API processes: ${slots.map((w) => w?.process.pid).join(', ')}`);
}
