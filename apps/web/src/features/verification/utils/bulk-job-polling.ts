import { TIMINGS } from '@portal/contract/limits';
import type { BulkJob } from '@portal/contract/verification';
import { hasActiveJob } from './bulk-job-rules.ts';

export interface PollTimings {
  /** Wait before the first poll once an active job is seen (SPEC §9: 5000 ms). */
  firstDelayMs: number;
  /** Wait between later polls (SPEC §9: 10000 ms). */
  everyMs: number;
}

const BULK_POLL_TIMINGS: PollTimings = {
  firstDelayMs: TIMINGS.bulkPollDelayMs,
  everyMs: TIMINGS.bulkPollEveryMs,
};

/**
 * The job history's `refetchInterval`: nothing while no job is PENDING or RUNNING; otherwise the
 * first poll of a stretch of active answers waits `firstDelayMs`, the later ones `everyMs`.
 * TanStack Query re-reads the interval after every answer and counts from it, so the schedule is
 * keyed by the query's `dataUpdateCount`: the answer that first shows an active job starts the
 * stretch, and asking again about the same answer gives the same interval.
 */
export function createBulkJobPollSchedule(timings: PollTimings = BULK_POLL_TIMINGS) {
  let stretchStart: number | null = null;
  return (jobs: readonly Pick<BulkJob, 'status'>[] | undefined, dataUpdateCount: number): number | false => {
    if (!hasActiveJob(jobs)) {
      stretchStart = null;
      return false;
    }
    if (stretchStart === null || dataUpdateCount < stretchStart) stretchStart = dataUpdateCount;
    return dataUpdateCount === stretchStart ? timings.firstDelayMs : timings.everyMs;
  };
}

export type BulkJobPollSchedule = ReturnType<typeof createBulkJobPollSchedule>;
