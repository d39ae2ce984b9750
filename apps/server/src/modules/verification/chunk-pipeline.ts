/**
 * The machinery a provider job runs its records through (bulk verification, and the account check
 * of issue #36): chunks read in key order, looked up two at a time over shared lookup lanes, and
 * committed two at a time, each commit renewing the job's lease. One home, so that both jobs resume
 * alike: a chunk looked up but not committed when the worker dies is still among the job's items,
 * and is simply looked up again.
 */

/** At most `limit` holders at a time, granted in the order they asked (FIFO). */
export class Lanes {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(limit: number) {
    this.#free = limit;
  }

  /** Waits for a place; answers the function that gives it back (once). */
  async acquire(): Promise<() => void> {
    if (this.#free > 0) this.#free -= 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free += 1;
    };
  }

  async run<R>(fn: () => Promise<R>): Promise<R> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

/** Its records' batches of at most `size`, in order. */
export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Chunks read and not yet committed, and chunks committing at a time. A chunk's place is given
 * back when its commit ends, so what a killed worker asks again is at most this many chunks; the
 * next chunk's lookups start as soon as one ends, whether or not the commits before it have, so
 * the lookup lanes are never left waiting on the database (DECISIONS 281).
 */
const CHUNKS_AHEAD = 4;
const COMMITS_IN_FLIGHT = 2;

export interface ChunkPipeline<C extends { id: string }, R> {
  /** The next chunk of the job's items after `after` (key order); empty at the end. */
  read(after: string | null): Promise<C[]>;
  /** Looks a chunk up (sharing `lanes`); a failed batch is a result of its own, not a throw. */
  lookUp(chunk: C[], lanes: Lanes): Promise<R[]>;
  /** Commits a chunk's results with the job's counters and renews the lease; false when it was lost. */
  commit(results: R[]): Promise<boolean>;
  /** Sees each chunk's results before they are committed (the first lookup error, say). */
  looked?(results: R[]): void;
  concurrency: number;
}

/**
 * Runs the job's items through `p`: up to CHUNKS_AHEAD chunks between their read and the end of
 * their commit, their lookups sharing the lanes, at most two commits side by side; neither the
 * provider nor the database waits for the other. Answers whether the lease was held to the end;
 * throws a read's, a lookup's or a commit's unexpected error once every commit under way has
 * finished (a chunk looked up but not committed stays among the job's items).
 */
export async function runChunkPipeline<C extends { id: string }, R>(
  p: ChunkPipeline<C, R>,
): Promise<{ leaseHeld: boolean }> {
  const lanes = new Lanes(p.concurrency);
  const ahead = new Lanes(CHUNKS_AHEAD);
  const commitPlaces = new Lanes(COMMITS_IN_FLIGHT);
  const chunks = new Set<Promise<void>>();
  const committing = new Set<Promise<void>>();
  let leaseHeld = true;
  let failure: { error: unknown } | undefined;
  const going = () => leaseHeld && !failure;
  const fail = (error: unknown) => void (failure ??= { error });

  /** A chunk from its lookup to the end of its commit; its place ahead is given back at the end. */
  const carry = async (chunk: C[], release: () => void) => {
    try {
      const results = await p.lookUp(chunk, lanes);
      p.looked?.(results);
      if (!going()) return;
      const commit = commitPlaces.run(() => p.commit(results)).then((held) => void (leaseHeld &&= held));
      committing.add(commit);
      try {
        await commit;
      } finally {
        committing.delete(commit);
      }
    } catch (err) {
      fail(err);
    } finally {
      release();
    }
  };

  const read = (after: string | null) => {
    const chunk = p.read(after);
    chunk.catch(() => undefined);
    return chunk;
  };
  try {
    let next = read(null);
    while (going()) {
      const release = await ahead.acquire();
      const chunk = await next.catch((err: unknown) => {
        release();
        throw err;
      });
      if (chunk.length === 0 || !going()) {
        release();
        break;
      }
      next = read(chunk.at(-1)!.id);
      const carried = carry(chunk, release).finally(() => chunks.delete(carried));
      chunks.add(carried);
    }
  } catch (err) {
    fail(err);
  }
  // Every chunk ends (looked up and committed) unless the run failed: then only the commits under
  // way are waited for, not the lookups (a provider that is down may keep them for a while).
  while (!failure && chunks.size > 0) await Promise.race(chunks);
  while (committing.size > 0) await Promise.allSettled([...committing]);
  if (!leaseHeld) return { leaseHeld };
  if (failure) throw failure.error;
  return { leaseHeld };
}
