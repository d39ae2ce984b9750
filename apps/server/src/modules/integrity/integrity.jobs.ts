import { z } from 'zod';
import type { IntegrityRule } from '@portal/contract/integrity';
import { tenantScope } from '../../access/actor.ts';
import { defineJob, type JobHandler, type JobQueue } from '../../platform/jobs.ts';
import type { IntegrityEvaluator } from './evaluate.ts';
import type { IntegrityRepo } from './integrity.repo.ts';

/**
 * Evaluates a tenant's integrity rules (issue #21). Queued after every upload, bulk verification
 * and decision that changes records, after a settings change, on demand, and by the watchdog for a
 * tenant whose evaluation is due (a new day, a run whose worker died).
 */
export const evaluateIntegrityJob = defineJob({
  name: 'integrity.evaluate',
  version: 1,
  schema: z.object({ tenantId: z.uuid(), reason: z.string().max(200) }),
  retryLimit: 2,
  expireInSeconds: 3600,
});

export function evaluateIntegrityHandler(
  evaluator: IntegrityEvaluator,
): JobHandler<z.infer<typeof evaluateIntegrityJob.schema>> {
  return async ({ tenantId, reason }, { log }) => {
    const { steps, ms } = await evaluator.run(tenantScope(tenantId));
    if (steps) log.info({ tenantId, reason, ms, steps }, 'integrity rules evaluated');
    // Another run under way covers the request when it ends, or an earlier one did (DECISIONS 280).
    else log.info({ tenantId, reason }, 'integrity rules evaluated by another run');
  };
}

/**
 * Asks for a tenant's evaluation after a change: marks it stale and queues the job. `background`:
 * asked for by another tenant's change (the cross-tenant index), queued behind the evaluations
 * tenants asked for by their own changes, which one worker runs one at a time (DECISIONS 272), and
 * evaluating only the rules that read other tenants' records unless the tenant changed too (273).
 * `rules`: a change that alters those rules' input alone (an HR list's upload), whose run evaluates
 * them alone unless the tenant's own change or a new day asks for every rule (304).
 */
export type IntegrityRequest = (
  tenantId: string,
  reason: string,
  options?: { background?: boolean; rules?: readonly IntegrityRule[] },
) => Promise<void>;

/** The queue's priority of an evaluation another tenant's change asked for (pg-boss: higher first). */
export const BACKGROUND_PRIORITY = -1;

export function integrityRequester(repo: IntegrityRepo, jobs: Pick<JobQueue, 'send'>): IntegrityRequest {
  return async (tenantId, reason, options = {}) => {
    if (options.background) await repo.requestOthers(tenantScope(tenantId));
    else if (options.rules) await repo.requestRules(tenantScope(tenantId), options.rules);
    else await repo.request(tenantScope(tenantId));
    await jobs.send(
      evaluateIntegrityJob,
      { tenantId, reason: reason.slice(0, 200) },
      options.background ? { priority: BACKGROUND_PRIORITY } : {},
    );
  };
}

/**
 * How long the watchdog waits before asking again for the evaluation of a tenant still due: one
 * job per tenant per slot of this many seconds (the queue's throttle), however often it looks.
 */
export const DUE_EVALUATION_SLOT_SECONDS = 300;

/**
 * The watchdog's part (every WATCHDOG_SECONDS): queues the evaluation of each tenant whose
 * evaluation is due (a new day in its time zone, a change whose run did not finish), behind the
 * tenants' own when only another tenant's change asks for it. At most once per tenant per slot:
 * asked again at every look while the queue was long, a tenant got a job every 10 s (at midnight
 * in Lagos every tenant did), and the queue grew faster than it drained (DECISIONS 280). Answers
 * how many were queued.
 */
export async function askDueEvaluations(
  repo: Pick<IntegrityRepo, 'dueTenants'>,
  jobs: Pick<JobQueue, 'sendThrottled'>,
  now: number = Date.now(),
): Promise<number> {
  let queued = 0;
  for (const { tenantId, background } of await repo.dueTenants(now)) {
    const sent = await jobs.sendThrottled(
      evaluateIntegrityJob,
      { tenantId, reason: 'due' },
      {
        key: `due:${tenantId}`,
        seconds: DUE_EVALUATION_SLOT_SECONDS,
        ...(background ? { priority: BACKGROUND_PRIORITY } : {}),
      },
    );
    if (sent) queued++;
  }
  return queued;
}
