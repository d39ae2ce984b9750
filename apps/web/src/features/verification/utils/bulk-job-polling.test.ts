import { describe, expect, it } from 'vitest';
import type { BulkJob } from '@portal/contract/verification';
import { pollIntervals } from '../../../test/poll-intervals.ts';
import { createBulkJobPollSchedule } from './bulk-job-polling.ts';

const jobs = (...statuses: BulkJob['status'][]) => statuses.map((status) => ({ status }));

// The schedule itself (stretches, resets) is tested in lib/active-poll-schedule.test.ts; here:
// which jobs count as active, and the timings of SPEC §9.
describe('bulk job polling interval', () => {
  it('does not poll without jobs or data, nor when every job has finished', () => {
    const answers = pollIntervals(createBulkJobPollSchedule(), [
      [undefined, 0],
      [[], 1],
      [jobs('COMPLETED', 'FAILED', 'COMPLETED'), 2],
    ]);
    expect(answers).toEqual([false, false, false]);
  });

  it('waits 5000 ms before the first poll of a PENDING or RUNNING job, then polls every 10000 ms', () => {
    const answers = pollIntervals(createBulkJobPollSchedule(), [
      [jobs('PENDING', 'COMPLETED'), 1],
      [jobs('RUNNING', 'COMPLETED'), 2],
      [jobs('COMPLETED'), 3],
      [jobs('RUNNING'), 4],
      [jobs('RUNNING'), 5],
    ]);
    expect(answers).toEqual([5000, 10000, false, 5000, 10000]);
  });

  it('takes its timings from the contract (SPEC §9) unless given others', () => {
    const schedule = createBulkJobPollSchedule({ firstDelayMs: 50, everyMs: 100 });
    expect(
      pollIntervals(schedule, [
        [jobs('RUNNING'), 7],
        [jobs('RUNNING'), 8],
      ]),
    ).toEqual([50, 100]);
  });
});
