import { describe, expect, it } from 'vitest';
import type { BulkJob } from '@portal/contract/verification';
import { createBulkJobPollSchedule } from './bulk-job-polling.ts';

const jobs = (...statuses: BulkJob['status'][]) => statuses.map((status) => ({ status }));

describe('bulk job polling interval', () => {
  it('does not poll without jobs or data', () => {
    const schedule = createBulkJobPollSchedule();
    expect(schedule(undefined, 0)).toBe(false);
    expect(schedule([], 1)).toBe(false);
  });

  it('does not poll when every job has finished', () => {
    const schedule = createBulkJobPollSchedule();
    expect(schedule(jobs('COMPLETED', 'FAILED', 'COMPLETED'), 1)).toBe(false);
  });

  it('waits 5000 ms before the first poll of an active job, then polls every 10000 ms', () => {
    const schedule = createBulkJobPollSchedule();
    expect(schedule(jobs('PENDING', 'COMPLETED'), 1)).toBe(5000);
    // Asked again about the same answer (a fetch starting, an option change): unchanged.
    expect(schedule(jobs('PENDING', 'COMPLETED'), 1)).toBe(5000);
    expect(schedule(jobs('RUNNING', 'COMPLETED'), 2)).toBe(10000);
    expect(schedule(jobs('RUNNING', 'COMPLETED'), 3)).toBe(10000);
  });

  it('stops when the job finishes and starts over with the delay for the next job', () => {
    const schedule = createBulkJobPollSchedule();
    expect(schedule(jobs('RUNNING'), 1)).toBe(5000);
    expect(schedule(jobs('RUNNING'), 2)).toBe(10000);
    expect(schedule(jobs('COMPLETED'), 3)).toBe(false);
    expect(schedule(jobs('PENDING', 'COMPLETED'), 4)).toBe(5000);
    expect(schedule(jobs('RUNNING', 'COMPLETED'), 5)).toBe(10000);
  });

  it('takes its timings from the contract (SPEC §9) unless given others', () => {
    const schedule = createBulkJobPollSchedule({ firstDelayMs: 50, everyMs: 100 });
    expect(schedule(jobs('RUNNING'), 7)).toBe(50);
    expect(schedule(jobs('RUNNING'), 8)).toBe(100);
  });
});
