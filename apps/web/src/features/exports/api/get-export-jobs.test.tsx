import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { fakeTimersInEachTest } from '../../../test/fake-clock.ts';
import { queryWrapper } from '../../../test/query-wrapper.tsx';
import { callsAfterWaits, okReplies, stubApi } from '../../../test/stub-fetch.ts';
import { buildActiveExportJob, buildExportJob } from '../test/build-export-job.ts';
import { useExportJobs } from './get-export-jobs.ts';

const LOGS = 'GET /api/v1/records/export-logs';

describe('export history polling', () => {
  fakeTimersInEachTest();

  it('polls 5 s after an active export shows, then every 15 s, and stops once it finished', async () => {
    const fetchMock = stubApi({
      [LOGS]: okReplies(
        [buildActiveExportJob({ status: 'PENDING' }), buildExportJob()],
        [buildActiveExportJob(), buildExportJob()],
        [buildExportJob({ id: 'new' }), buildExportJob()],
      ),
    });
    renderHook(() => useExportJobs(), { wrapper: queryWrapper() });
    // The count after each wait: the first poll 5 s after the active export shows, then every 15 s, then none.
    const waits = [0, 4900, 200, 14_800, 300, 120_000];
    expect(await callsAfterWaits(fetchMock, LOGS, waits)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('does not poll when every export has finished', async () => {
    const fetchMock = stubApi({
      [LOGS]: { status: 200, body: [buildExportJob(), buildExportJob({ id: 'f', status: 'FAILED' })] },
    });
    renderHook(() => useExportJobs(), { wrapper: queryWrapper() });
    expect(await callsAfterWaits(fetchMock, LOGS, [120_000])).toEqual([1]);
  });
});
