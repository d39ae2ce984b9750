import { z } from 'zod';
import { countOf, formatCount } from '@portal/contract/counts';
import { OPTIMA_BATCH_MAX, type OptimaLookupResult } from '@portal/optima/protocol';
import { tenantScope, type TenantScope } from '../../access/actor.ts';
import { defineJob, type JobContext, type JobHandler } from '../../platform/jobs.ts';
import { batchesOf, runChunkPipeline, type Lanes } from './chunk-pipeline.ts';
import { LookupFailedError, ProviderDownError } from '../identity/circuit-breaker.ts';
import { OptimaClient, type ClientOptions } from '../identity/optima-client.ts';
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

async function verifyChunk(
  client: OptimaClient,
  chunk: ChunkRecord[],
  lanes: Lanes,
  match: MatchSettings,
): Promise<ChunkResult[]> {
  const batches = batchesOf(chunk, OPTIMA_BATCH_MAX);
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
    /** The provider's first refusal, for the job's message when lookups failed. */
    let firstLookupError: string | undefined;
    try {
      const client = new OptimaClient(await settings.forTenant(tenantId), opts.client);
      const match = await settings.matchSettings(tenantId);
      const { leaseHeld } = await runChunkPipeline<ChunkRecord, ChunkResult>({
        concurrency: opts.concurrency,
        read: (after) => repo.nextChunk(scope, jobId, after, opts.chunkSize),
        lookUp: (chunk, lanes) => verifyChunk(client, chunk, lanes, match),
        looked: (results) => void (firstLookupError ??= results.find((r) => 'error' in r)?.error),
        commit: (results) => repo.applyChunk(scope, jobId, opts.workerId, results, opts.leaseSeconds),
      });
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
