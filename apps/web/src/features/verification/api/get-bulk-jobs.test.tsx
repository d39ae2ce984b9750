import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useDashboardStats } from '../../../lib/dashboard-stats.ts';
import { fakeTimersInEachTest } from '../../../test/fake-clock.ts';
import { queryWrapper } from '../../../test/query-wrapper.tsx';
import { callsAfterWaits, callsTo, okReplies, stubApi } from '../../../test/stub-fetch.ts';
import { buildBulkJob, buildRunningJob } from '../test/build-bulk-job.ts';
import { useBulkJobs } from './get-bulk-jobs.ts';

const JOBS = 'GET /api/v1/bulk-jobs';
const STATS = 'GET /api/v1/tenant-admin/dashboard/stats';

describe('job history polling', () => {
  fakeTimersInEachTest();

  it('polls 5 s after an active job shows, then every 10 s, and stops once it finished', async () => {
    const fetchMock = stubApi({
      [JOBS]: okReplies([buildRunningJob(0)], [buildRunningJob(1000)], [buildBulkJob()]),
      [STATS]: { status: 200, body: {} },
    });
    renderHook(
      () => {
        useDashboardStats();
        return useBulkJobs();
      },
      { wrapper: queryWrapper() },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(callsTo(fetchMock, JOBS)).toBe(1);
    const statsCalls = callsTo(fetchMock, STATS);

    // The count after each wait: the first poll 5 s after the active job shows, then 10 s later.
    expect(await callsAfterWaits(fetchMock, JOBS, [4900, 200, 9800, 300])).toEqual([1, 2, 2, 3]);
    // The job finished: the tenant figures it changed are fetched again.
    expect(callsTo(fetchMock, STATS)).toBe(statsCalls + 1);

    expect(await callsAfterWaits(fetchMock, JOBS, [60_000])).toEqual([3]);
  });

  it('does not poll when no job is active', async () => {
    const fetchMock = stubApi({ [JOBS]: { status: 200, body: [buildBulkJob()] } });
    renderHook(() => useBulkJobs(), { wrapper: queryWrapper() });
    expect(await callsAfterWaits(fetchMock, JOBS, [60_000])).toEqual([1]);
  });
});
