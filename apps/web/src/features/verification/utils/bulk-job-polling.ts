import { TIMINGS } from '@portal/contract/limits';
import type { BulkJob } from '@portal/contract/verification';
import { createActivePollSchedule, type PollTimings } from '../../../lib/active-poll-schedule.ts';
import { isActiveJob } from './bulk-job-rules.ts';

/** SPEC §9: the first poll 5000 ms after an active job is seen, then every 10000 ms. */
const BULK_POLL_TIMINGS: PollTimings = {
  firstDelayMs: TIMINGS.bulkPollDelayMs,
  everyMs: TIMINGS.bulkPollEveryMs,
};

/** The job history's `refetchInterval`: polls only while a job is PENDING or RUNNING. */
export function createBulkJobPollSchedule(timings: PollTimings = BULK_POLL_TIMINGS) {
  return createActivePollSchedule<Pick<BulkJob, 'status'>>(isActiveJob, timings);
}

export type BulkJobPollSchedule = ReturnType<typeof createBulkJobPollSchedule>;
