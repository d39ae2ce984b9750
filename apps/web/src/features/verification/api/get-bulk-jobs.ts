import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { VERIFICATION_ROUTES } from '@portal/contract/routes/verification';
import type { BulkJob } from '@portal/contract/verification';
import { callApi } from '../../../lib/api-client.ts';
// The overview owns the figures; a finished job changes them (see docs/DECISIONS.md).
import { dashboardStatsQueryKey } from '../../../lib/dashboard-stats.ts';
import { useJobHistory } from '../../../lib/use-job-history.ts';
import { createBulkJobPollSchedule } from '../utils/bulk-job-polling.ts';
import { finishedJobIds } from '../utils/bulk-job-rules.ts';
import { verificationKeys } from './verification-keys.ts';

export function getBulkJobs(signal?: AbortSignal): Promise<BulkJob[]> {
  return callApi(VERIFICATION_ROUTES.bulkJobs, { signal });
}

/**
 * The job history, newest first. Fetched when the screen opens; while a job is PENDING or RUNNING
 * it polls (first after 5 s, then every 10 s: SPEC §9) and stops when none is. When a job
 * finishes, the tenant figures and the not-found list are refetched: the job changed them.
 */
export function useBulkJobs() {
  const queryClient = useQueryClient();
  const query = useJobHistory(verificationKeys.jobs, getBulkJobs, createBulkJobPollSchedule);

  const previous = useRef<BulkJob[] | undefined>(undefined);
  useEffect(() => {
    const finished = finishedJobIds(previous.current, query.data);
    previous.current = query.data;
    if (finished.length === 0) return;
    void queryClient.invalidateQueries({ queryKey: dashboardStatsQueryKey });
    void queryClient.invalidateQueries({ queryKey: verificationKeys.notFound });
  }, [query.data, queryClient]);

  return query;
}
