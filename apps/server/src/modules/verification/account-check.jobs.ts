import { z } from 'zod';
import { countOf, formatCount } from '@portal/contract/counts';
import { NAME_ENQUIRY_BATCH_MAX, type AccountQuery } from '@portal/optima/name-enquiry/protocol';
import { tenantScope, type TenantScope } from '../../access/actor.ts';
import { defineJob, type JobContext, type JobHandler } from '../../platform/jobs.ts';
import { CircuitBreaker, ProviderDownError } from '../identity/circuit-breaker.ts';
import { NameEnquiryClient, type NameEnquirySettings } from '../identity/name-enquiry-client.ts';
import { DEFAULT_CLIENT_OPTIONS, type ClientOptions } from '../identity/optima-client.ts';
import { ProviderFault } from '../identity/provider-http.ts';
import { ProviderNotConfiguredError, type MatchSettings } from '../identity/provider-settings.ts';
import { bankKeyOf, cbnBankOf } from '../integrity/bank-key.ts';
import type { AccountChunkRecord, AccountChunkResult, AccountCheckRepo } from './account-check.repo.ts';
import { batchesOf, runChunkPipeline, type Lanes } from './chunk-pipeline.ts';
import { compareNames } from './name-match/name-match.ts';
import type { VerificationRepo } from './verification.repo.ts';

/**
 * The account check (issue #36 item 3): every judged record with an account number at a bank the
 * portal knows is asked of the tenant's account name provider, on bulk verification's machinery
 * (the jobs table's kind ACCOUNT_CHECK, its items, lease, chunks and watchdog; chunk-pipeline.ts),
 * so it resumes exactly where a dead worker left it. The bank's name is compared with the
 * record's by the portal's name matcher; the answers go to account_checks, which the integrity
 * rules ACCOUNT_NAME_MISMATCH, ACCOUNT_NOT_FOUND and ACCOUNT_BVN_MISMATCH read.
 */
export const accountCheckJob = defineJob({
  name: 'records.account-check',
  version: 1,
  schema: z.object({ tenantId: z.uuid(), jobId: z.uuid(), actorId: z.uuid().nullable() }),
  retryLimit: 0, // resumption is the watchdog's (lease), not pg-boss's
  expireInSeconds: 12 * 3600,
});

export interface AccountCheckOptions {
  chunkSize: number;
  concurrency: number;
  leaseSeconds: number;
  workerId: string;
  /** The provider HTTP's options and the breaker's threshold (the identity provider's). */
  client?: Partial<ClientOptions>;
  /** Called after a job that answered records (the integrity rules run again); best effort. */
  afterJob?: (tenantId: string, reason: string) => Promise<void>;
}

/** Where the job reads the tenant's account provider and name-match settings (ports, from portal.ts). */
export interface AccountCheckSettings {
  forTenant(tenantId: string): Promise<NameEnquirySettings>;
}
export interface NameMatchSettings {
  matchSettings(tenantId: string): Promise<MatchSettings>;
}

/**
 * The CBN code asked for each bank name as written: the first code of the bank the name means
 * (bank-key.ts, cbn-banks.csv). A name the table does not know is not asked: no code to ask by.
 */
export function bankCodesOf(names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const key = bankKeyOf(name);
    const bank = key ? cbnBankOf(key) : undefined;
    if (bank) out[name] = bank.codes[0]!;
  }
  return out;
}

async function checkChunk(
  client: NameEnquiryClient,
  breaker: CircuitBreaker,
  chunk: AccountChunkRecord[],
  codes: Record<string, string>,
  lanes: Lanes,
  match: MatchSettings,
): Promise<AccountChunkResult[]> {
  const lookUp = async (batch: AccountChunkRecord[]): Promise<AccountChunkResult[]> => {
    const asked: (AccountChunkRecord & { bankCode: string })[] = [];
    const skip: AccountChunkResult[] = [];
    for (const r of batch) {
      const bankCode = codes[r.bank];
      if (bankCode && r.accountNumber) asked.push({ ...r, bankCode });
      else skip.push({ id: r.id, skipped: true });
    }
    if (asked.length === 0) return skip;
    if (breaker.open) throw new ProviderDownError(breaker.downMessage);
    const queries: AccountQuery[] = asked.map((a) => ({
      bankCode: a.bankCode,
      accountNumber: a.accountNumber,
    }));
    try {
      const answers = await client.lookup(queries);
      breaker.succeeded();
      return [
        ...skip,
        ...asked.map((a, i) => {
          const answer = answers[i]!;
          const name =
            answer.status === 'FOUND'
              ? compareNames(a.fullName, { fullName: answer.accountName }, match)
              : null;
          return {
            id: a.id,
            asked: a,
            answer: {
              status: answer.status,
              accountName: answer.status === 'FOUND' ? answer.accountName : null,
              accountBvn: answer.status === 'FOUND' ? (answer.bvn ?? null) : null,
              nameVerdict: name?.verdict ?? null,
              nameReasons: name?.reasons ?? [],
            },
          };
        }),
      ];
    } catch (err) {
      // A fault of the provider is never an answer about an account (DECISIONS 254).
      if (!(err instanceof ProviderFault)) throw err;
      if (err.kind === 'ADDRESS_REFUSED') throw new ProviderDownError(err.message);
      if (breaker.failed(err.message)) throw new ProviderDownError(breaker.downMessage);
      return [...skip, ...asked.map((a) => ({ id: a.id, error: `Account check failed: ${err.message}` }))];
    }
  };
  const perBatch = await Promise.all(
    batchesOf(chunk, NAME_ENQUIRY_BATCH_MAX).map((batch) => lanes.run(() => lookUp(batch))),
  );
  return perBatch.flat();
}

/**
 * Checks the job's records chunk by chunk; each chunk commits its answers with the counters and
 * deletes its records from the job's items, so a restarted worker asks exactly the items left.
 */
export function accountCheckHandler(
  jobs: VerificationRepo,
  accounts: AccountCheckRepo,
  providers: AccountCheckSettings,
  names: NameMatchSettings,
  opts: AccountCheckOptions,
): JobHandler<z.infer<typeof accountCheckJob.schema>> {
  return async ({ tenantId, jobId }, ctx: JobContext) => {
    const scope: TenantScope = tenantScope(tenantId);
    if (!(await jobs.claimLease(scope, jobId, opts.workerId, opts.leaseSeconds))) return; // finished, or run elsewhere
    const job = await jobs.getJob(scope, jobId);
    if (!job || job.kind !== 'ACCOUNT_CHECK') return;
    const codes = bankCodesOf(await accounts.bankNames(scope));
    if (!job.markedAt) await accounts.markRecords(scope, jobId, Object.keys(codes));
    else await jobs.setRunning(scope, jobId);
    let firstLookupError: string | undefined;
    try {
      const options = { ...DEFAULT_CLIENT_OPTIONS, ...opts.client };
      const client = new NameEnquiryClient(await providers.forTenant(tenantId), options);
      const breaker = new CircuitBreaker(options.breakerThreshold, 'account name provider');
      const match = await names.matchSettings(tenantId);
      const { leaseHeld } = await runChunkPipeline<AccountChunkRecord, AccountChunkResult>({
        concurrency: opts.concurrency,
        read: (after) => accounts.nextChunk(scope, jobId, after, opts.chunkSize),
        lookUp: (chunk, lanes) => checkChunk(client, breaker, chunk, codes, lanes, match),
        looked: (results) => void (firstLookupError ??= results.find((r) => 'error' in r)?.error),
        commit: (results) => accounts.applyChunk(scope, jobId, opts.workerId, results, opts.leaseSeconds),
      });
      if (!leaseHeld) return ctx.log.warn({ jobId }, 'account check lease lost; another worker continues');
      const done = (await jobs.getJob(scope, jobId))!;
      const cause = firstLookupError ? `${firstLookupError.replace(/\.?$/, '.')} ` : '';
      const counts =
        `Checked ${formatCount(done.processedRecords)} of ${countOf(done.totalRecords, 'account')}: ` +
        `${formatCount(done.successfullyVerifiedRecords)} found, ${formatCount(done.mismatchedRecords)} in another name, ` +
        `${formatCount(done.notFoundRecords)} not found or closed, ${formatCount(done.failedRecords)} failed.`;
      // As a bulk verification: a job whose every lookup failed checked nothing, and says why.
      if (done.failedRecords > 0 && done.failedRecords === done.processedRecords)
        await jobs.finish(scope, jobId, 'FAILED', `Every lookup failed. ${cause}${counts}`);
      else if (done.failedRecords > 0)
        await jobs.finish(
          scope,
          jobId,
          'COMPLETED',
          `Completed with ${countOf(done.failedRecords, 'failed lookup')} (left unchecked; start a new ` +
            `account check to retry them). ${cause}${counts}`,
        );
      else await jobs.finish(scope, jobId, 'COMPLETED', counts);
      if (done.processedRecords > done.failedRecords)
        await opts
          .afterJob?.(scope.tenantId, `account check of ${done.processedRecords} records`)
          .catch((err: unknown) => ctx.log.warn({ err, jobId }, 'integrity evaluation not queued'));
    } catch (err) {
      const expected = err instanceof ProviderDownError || err instanceof ProviderNotConfiguredError;
      if (!expected) ctx.log.error({ err, jobId }, 'account check stopped');
      await jobs.finish(
        scope,
        jobId,
        'FAILED',
        expected ? (err as Error).message : `Account check stopped: ${(err as Error).message}`,
      );
      // What was committed before the stop is evaluated.
      const done = await jobs.getJob(scope, jobId);
      if (done && done.processedRecords > done.failedRecords)
        await opts
          .afterJob?.(scope.tenantId, `account check of ${done.processedRecords} records`)
          .catch(() => undefined);
    }
  };
}
