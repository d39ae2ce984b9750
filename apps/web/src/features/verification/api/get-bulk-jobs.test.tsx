import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useDashboardStats } from '../../../lib/dashboard-stats.ts';
import { stubApi } from '../../../test/stub-fetch.ts';
import { buildBulkJob, buildRunningJob } from '../test/build-bulk-job.ts';
import { useBulkJobs } from './get-bulk-jobs.ts';

const JOBS = 'GET /api/v1/bulk-jobs';
const STATS = 'GET /api/v1/tenant-admin/dashboard/stats';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const callsTo = (fetchMock: ReturnType<typeof stubApi>, key: string) =>
  fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === key).length;

afterEach(() => {
  vi.useRealTimers();
});

describe('job history polling', () => {
  it('polls 5 s after an active job shows, then every 10 s, and stops once it finished', async () => {
    vi.useFakeTimers();
    const fetchMock = stubApi({
      [JOBS]: [
        { status: 200, body: [buildRunningJob(0)] },
        { status: 200, body: [buildRunningJob(1000)] },
        { status: 200, body: [buildBulkJob()] },
      ],
      [STATS]: { status: 200, body: {} },
    });
    renderHook(
      () => {
        useDashboardStats();
        return useBulkJobs();
      },
      { wrapper },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(callsTo(fetchMock, JOBS)).toBe(1);
    const statsCalls = callsTo(fetchMock, STATS);

    await vi.advanceTimersByTimeAsync(4900);
    expect(callsTo(fetchMock, JOBS)).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(callsTo(fetchMock, JOBS)).toBe(2);

    await vi.advanceTimersByTimeAsync(9800);
    expect(callsTo(fetchMock, JOBS)).toBe(2);
    await vi.advanceTimersByTimeAsync(300);
    expect(callsTo(fetchMock, JOBS)).toBe(3);
    // The job finished: the tenant figures it changed are fetched again.
    expect(callsTo(fetchMock, STATS)).toBe(statsCalls + 1);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(callsTo(fetchMock, JOBS)).toBe(3);
  });

  it('does not poll when no job is active', async () => {
    vi.useFakeTimers();
    const fetchMock = stubApi({ [JOBS]: { status: 200, body: [buildBulkJob()] } });
    renderHook(() => useBulkJobs(), { wrapper });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(callsTo(fetchMock, JOBS)).toBe(1);
  });
});
