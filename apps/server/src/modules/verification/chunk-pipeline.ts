/**
 * The machinery a provider job runs its records through (bulk verification, and the account check
 * of issue #36): chunks read in key order, looked up two at a time over shared lookup lanes, and
 * committed two at a time, each commit renewing the job's lease. One home, so that both jobs resume
 * alike: a chunk looked up but not committed when the worker dies is still among the job's items,
 * and is simply looked up again.
 */

/** At most `limit` lookups at a time, granted in the order they were asked for (FIFO). */
export class Lanes {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(limit: number) {
    this.#free = limit;
  }

  async run<R>(fn: () => Promise<R>): Promise<R> {
    if (this.#free > 0) this.#free -= 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free += 1;
    }
  }
}

/** Its records' batches of at most `size`, in order. */
export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Chunks looked up at a time, and chunks committing at a time. */
const LOOKUPS_IN_FLIGHT = 2;
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
 * Runs the job's items through `p`: two chunks looked up at a time, sharing the lookup lanes,
 * while the two before them commit side by side; neither the provider nor the database waits for
 * the other. Answers whether the lease was held to the end; throws a lookup's or a commit's
 * unexpected error once every commit under way has finished.
 */
export async function runChunkPipeline<C extends { id: string }, R>(
  p: ChunkPipeline<C, R>,
): Promise<{ leaseHeld: boolean }> {
  const lanes = new Lanes(p.concurrency);
  const lookingUp: Promise<R[]>[] = [];
  const committing = new Set<Promise<void>>();
  let leaseHeld = true;
  let commitFailure: Error | undefined;
  const going = () => leaseHeld && !commitFailure;
  const commitOldest = async (): Promise<void> => {
    const results = await lookingUp.shift()!;
    p.looked?.(results);
    while (committing.size >= COMMITS_IN_FLIGHT) await Promise.race(committing);
    if (!going()) return;
    const commit: Promise<void> = p
      .commit(results)
      .then(
        (held) => void (leaseHeld &&= held),
        (err: unknown) => void (commitFailure ??= err as Error),
      )
      .finally(() => committing.delete(commit));
    committing.add(commit);
  };
  /** Every commit under way has finished; the first failed one, if any, is thrown. */
  const commitsDone = async () => {
    await Promise.all([...committing]);
    if (commitFailure) throw commitFailure;
  };
  try {
    const read = (after: string | null) => {
      const chunk = p.read(after);
      chunk.catch(() => undefined);
      return chunk;
    };
    let next = read(null);
    while (going()) {
      const chunk = await next;
      if (chunk.length === 0) break;
      next = read(chunk.at(-1)!.id);
      const results = p.lookUp(chunk, lanes);
      results.catch(() => undefined);
      lookingUp.push(results);
      if (lookingUp.length >= LOOKUPS_IN_FLIGHT) await commitOldest();
    }
    while (going() && lookingUp.length > 0) await commitOldest();
    await commitsDone();
    return { leaseHeld };
  } catch (err) {
    // The chunks being committed finish (or fail) before the job's end is written.
    await commitsDone().catch(() => undefined);
    if (!leaseHeld) return { leaseHeld };
    throw err;
  }
}
