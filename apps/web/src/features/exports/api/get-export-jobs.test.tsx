import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { stubApi } from '../../../test/stub-fetch.ts';
import { buildActiveExportJob, buildExportJob } from '../test/build-export-job.ts';
import { useExportJobs } from './get-export-jobs.ts';

const LOGS = 'GET /api/v1/records/export-logs';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const logCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === LOGS).length;

afterEach(() => {
  vi.useRealTimers();
});

describe('export history polling', () => {
  it('polls 5 s after an active export shows, then every 15 s, and stops once it finished', async () => {
    vi.useFakeTimers();
    const fetchMock = stubApi({
      [LOGS]: [
        { status: 200, body: [buildActiveExportJob({ status: 'PENDING' }), buildExportJob()] },
        { status: 200, body: [buildActiveExportJob(), buildExportJob()] },
        { status: 200, body: [buildExportJob({ id: 'new' }), buildExportJob()] },
      ],
    });
    renderHook(() => useExportJobs(), { wrapper });
    await vi.advanceTimersByTimeAsync(0);
    expect(logCalls(fetchMock)).toBe(1);

    await vi.advanceTimersByTimeAsync(4900);
    expect(logCalls(fetchMock)).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(logCalls(fetchMock)).toBe(2);

    await vi.advanceTimersByTimeAsync(14_800);
    expect(logCalls(fetchMock)).toBe(2);
    await vi.advanceTimersByTimeAsync(300);
    expect(logCalls(fetchMock)).toBe(3);

    await vi.advanceTimersByTimeAsync(120_000);
    expect(logCalls(fetchMock)).toBe(3);
  });

  it('does not poll when every export has finished', async () => {
    vi.useFakeTimers();
    const fetchMock = stubApi({
      [LOGS]: { status: 200, body: [buildExportJob(), buildExportJob({ id: 'f', status: 'FAILED' })] },
    });
    renderHook(() => useExportJobs(), { wrapper });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(logCalls(fetchMock)).toBe(1);
  });
});
