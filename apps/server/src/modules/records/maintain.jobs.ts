import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Orm } from '../../platform/db.ts';
import { defineJob, type JobHandler } from '../../platform/jobs.ts';

/** Changes of at least this many records are followed by a vacuum of the records table. */
export const LARGE_CHANGE = 10_000;

/**
 * After a large upload or bulk verification: VACUUM (ANALYZE) of the records table, so the list
 * and queue pages are index-only scans at once (the visibility map marks the new rows) instead of
 * when autovacuum gets to them; until then every index entry costs a visit to the table.
 */
export const maintainRecordsJob = defineJob({
  name: 'records.maintain',
  version: 1,
  schema: z.object({ reason: z.string().max(200) }),
  retryLimit: 1,
  expireInSeconds: 3600,
});

export function maintainRecordsHandler(orm: Orm): JobHandler<z.infer<typeof maintainRecordsJob.schema>> {
  return async ({ reason }, { log }) => {
    const started = performance.now();
    // Note: unscoped because VACUUM works on the whole table (every tenant's rows); it reads no data out.
    await orm.execute(sql`vacuum (analyze) records`);
    log.info({ reason, ms: Math.round(performance.now() - started) }, 'records table vacuumed');
  };
}
