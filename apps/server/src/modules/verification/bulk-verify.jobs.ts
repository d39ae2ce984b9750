import { z } from 'zod';
import { countOf, formatCount } from '@portal/contract/counts';
import { OPTIMA_BATCH_MAX, type OptimaLookupResult } from '@portal/optima/protocol';
import { tenantScope, type TenantScope } from '../../access/actor.ts';
import { defineJob, type JobContext, type JobHandler } from '../../platform/jobs.ts';
import {
  LookupFailedError,
  OptimaClient,
  ProviderDownError,
  type ClientOptions,
} from '../identity/optima-client.ts';
import {
  ProviderNotConfiguredError,
  type MatchSettings,
  type ProviderSettings,
} from '../identity/provider-settings.ts';
import { outcomeOf } from './compare.ts';
import { LARGE_CHANGE } from '../records/maintain.jobs.ts';
import type { ChunkRecord, ChunkResult, VerificationRepo } from './verification.repo.ts';

export const bulkVerifyJob = defineJob({
  name: 'records.bulk-verify',
  version: 1,
  schema: z.object({ tenantId: z.uuid(), jobId: z.uuid(), actorId: z.uuid().nullable() }),
  retryLimit: 0, // resumption is the watchdog's (lease), not pg-boss's
  expireInSeconds: 12 * 3600,
});

export interface BulkVerifyOptions {
  chunkSize: number;
  concurrency: number;
  leaseSeconds: number;
  workerId: string;
  client?: Partial<ClientOptions>;
  /** Called after a job that changed many records (queues table maintenance); best effort. */
  afterLargeChange?: (reason: string) => Promise<void>;
  /** Called after a job that verified records (the integrity rules run again); best effort. */
  afterJob?: (tenantId: string, reason: string) => Promise<void>;
}

/** At most `limit` lookups at a time, granted in the order they were asked for (FIFO). */
class Lanes {
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

async function verifyChunk(
  client: OptimaClient,
  chunk: ChunkRecord[],
  lanes: Lanes,
  match: MatchSettings,
): Promise<ChunkResult[]> {
  const batches: ChunkRecord[][] = [];
  for (let i = 0; i < chunk.length; i += OPTIMA_BATCH_MAX) batches.push(chunk.slice(i, i + OPTIMA_BATCH_MAX));
  const lookUp = async (batch: ChunkRecord[]): Promise<ChunkResult[]> => {
    // A record without a NIN cannot be looked up: it is not in the source of truth.
    const lookable = batch.filter((r) => r.nin);
    let results: OptimaLookupResult[];
    try {
      results = await client.lookupBatch(lookable.map((r) => ({ nin: r.nin!, ssid: r.ssid })));
    } catch (err) {
      if (err instanceof LookupFailedError)
        return batch.map((r) => ({ id: r.id, from: r.status, error: `Verification failed: ${err.message}` }));
      throw err;
    }
    const byId = new Map(lookable.map((r, i) => [r.id, results[i]!]));
    return batch.map((r) => ({
      id: r.id,
      from: r.status,
      outcome: outcomeOf(r, byId.get(r.id) ?? { found: false }, match),
    }));
  };
  const perBatch = await Promise.all(batches.map((batch) => lanes.run(() => lookUp(batch))));
  return perBatch.flat();
}

function leaseLost(ctx: JobContext, jobId: string): void {
  ctx.log.warn({ jobId }, 'bulk verification lease lost; another worker continues');
}

/** Chunks looked up at a time, and chunks committing at a time. */
const LOOKUPS_IN_FLIGHT = 2;
const COMMITS_IN_FLIGHT = 2;

/**
 * Verifies the job's records chunk by chunk; each chunk commits its results with the counters and
 * deletes its records from the job's items, so a restarted worker verifies exactly the items left.
 */
export function bulkVerifyHandler(
  repo: VerificationRepo,
  settings: ProviderSettings,
  opts: BulkVerifyOptions,
): JobHandler<z.infer<typeof bulkVerifyJob.schema>> {
  return async ({ tenantId, jobId }, ctx: JobContext) => {
    const scope: TenantScope = tenantScope(tenantId);
    if (!(await repo.claimLease(scope, jobId, opts.workerId, opts.leaseSeconds))) return; // finished, or run elsewhere
    const job = await repo.getJob(scope, jobId);
    if (!job) return;
    if (!job.markedAt) await repo.markRecords(scope, jobId);
    else await repo.setRunning(scope, jobId);
    // Two chunks are looked up at a time, sharing the lookup lanes, while the two before them
    // commit side by side: neither the provider nor the database waits for the other. A chunk
    // looked up but not committed when the worker dies is still among the items, and simply looked
    // up again.
    const lanes = new Lanes(opts.concurrency);
    const lookingUp: Promise<ChunkResult[]>[] = [];
    const committing = new Set<Promise<void>>();
    let leaseHeld = true;
    let commitFailure: Error | undefined;
    /** The provider's first refusal, for the job's message when lookups failed. */
    let firstLookupError: string | undefined;
    const going = () => leaseHeld && !commitFailure;
    const commitOldest = async (): Promise<void> => {
      const verified = await lookingUp.shift()!;
      firstLookupError ??= verified.find((r) => 'error' in r)?.error;
      while (committing.size >= COMMITS_IN_FLIGHT) await Promise.race(committing);
      if (!going()) return;
      const commit: Promise<void> = repo
        .applyChunk(scope, jobId, opts.workerId, verified, opts.leaseSeconds)
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
      const client = new OptimaClient(await settings.forTenant(tenantId), opts.client);
      const match = await settings.matchSettings(tenantId);
      const read = (after: string | null) => {
        const chunk = repo.nextChunk(scope, jobId, after, opts.chunkSize);
        chunk.catch(() => undefined);
        return chunk;
      };
      let next = read(null);
      while (going()) {
        const chunk = await next;
        if (chunk.length === 0) break;
        next = read(chunk.at(-1)!.id);
        const results = verifyChunk(client, chunk, lanes, match);
        results.catch(() => undefined);
        lookingUp.push(results);
        if (lookingUp.length >= LOOKUPS_IN_FLIGHT) await commitOldest();
      }
      while (going() && lookingUp.length > 0) await commitOldest();
      await commitsDone();
      if (!leaseHeld) return leaseLost(ctx, jobId);
      const done = (await repo.getJob(scope, jobId))!;
      const cause = firstLookupError ? `${firstLookupError.replace(/\.?$/, '.')} ` : '';
      const counts =
        `Verified ${formatCount(done.processedRecords)} of ${countOf(done.totalRecords, 'record')}: ` +
        `${formatCount(done.successfullyVerifiedRecords)} found, ${formatCount(done.mismatchedRecords)} mismatched, ` +
        `${formatCount(done.notFoundRecords)} not found, ${formatCount(done.failedRecords)} failed.`;
      // A job in which every lookup failed verified nothing: FAILED, with the provider's error
      // (issue #18). Failed records stay UPLOADED with their error, for the next job to take up.
      if (done.failedRecords > 0 && done.failedRecords === done.processedRecords)
        await repo.finish(scope, jobId, 'FAILED', `Every lookup failed. ${cause}${counts}`);
      else if (done.failedRecords > 0)
        await repo.finish(
          scope,
          jobId,
          'COMPLETED',
          `Completed with ${countOf(done.failedRecords, 'failed lookup')} (left unverified; start a new ` +
            `verification to retry them). ${cause}${counts}`,
        );
      else await repo.finish(scope, jobId, 'COMPLETED', counts);
      if (done.processedRecords >= LARGE_CHANGE)
        await opts
          .afterLargeChange?.(`bulk verification of ${done.processedRecords} records`)
          .catch((err: unknown) => ctx.log.warn({ err, jobId }, 'records maintenance not queued'));
      if (done.processedRecords > 0)
        await opts
          .afterJob?.(scope.tenantId, `bulk verification of ${done.processedRecords} records`)
          .catch((err: unknown) => ctx.log.warn({ err, jobId }, 'integrity evaluation not queued'));
    } catch (err) {
      // The chunks being committed finish (or fail) before the job's end is written.
      await commitsDone().catch(() => undefined);
      if (!leaseHeld) return leaseLost(ctx, jobId);
      const expected = err instanceof ProviderDownError || err instanceof ProviderNotConfiguredError;
      if (!expected) ctx.log.error({ err, jobId }, 'bulk verification stopped');
      await repo.finish(
        scope,
        jobId,
        'FAILED',
        expected ? (err as Error).message : `Verification stopped: ${(err as Error).message}`,
      );
    }
  };
}
