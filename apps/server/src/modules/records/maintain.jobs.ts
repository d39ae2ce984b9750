import { z } from 'zod';
import { defineJob, type JobHandler } from '../../platform/jobs.ts';
import type { MaintenanceRepo } from './maintenance.repo.ts';

/** Changes of at least this many records are followed by a vacuum of the records table. */
export const LARGE_CHANGE = 10_000;

/**
 * After a large upload or bulk verification: VACUUM (ANALYZE) of the records table, so the list
 * and queue pages are index-only scans at once (the visibility map marks the new rows) instead of
 * when autovacuum gets to them; until then every index entry costs a visit to the table. Then the
 * name words' counts are summed into one row per word (the upload wrote one per statement), and the
 * queues' counts into one row per posting and state (the verification wrote one per statement).
 */
export const maintainRecordsJob = defineJob({
  name: 'records.maintain',
  version: 1,
  schema: z.object({ reason: z.string().max(200) }),
  retryLimit: 1,
  expireInSeconds: 3600,
});

export function maintainRecordsHandler(
  maintenance: MaintenanceRepo,
): JobHandler<z.infer<typeof maintainRecordsJob.schema>> {
  return async ({ reason }, { log }) => {
    const started = performance.now();
    await maintenance.vacuumRecords();
    await maintenance.compactSearchWordCounts();
    await maintenance.compactQueueCounts();
    log.info({ reason, ms: Math.round(performance.now() - started) }, 'records table vacuumed');
  };
}
