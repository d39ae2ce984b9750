import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@portal/contract/limits';
import { VERIFICATION_ROUTES } from '@portal/contract/routes/verification';
import type { BulkJob } from '@portal/contract/verification';
import { callApi } from '../../../lib/api-client.ts';
import { integritySummaryQueryKey } from '../../../lib/integrity-summary.ts';
import { useJobHistory, useStartJob, type StartJobOptions } from '../../../lib/use-job-history.ts';
import { createBulkJobPollSchedule } from '../utils/bulk-job-polling.ts';
import { finishedJobIds } from '../utils/bulk-job-rules.ts';
import { verificationKeys } from './verification-keys.ts';

const getAccountCheckJobs = (signal?: AbortSignal): Promise<BulkJob[]> =>
  callApi(VERIFICATION_ROUTES.accountCheckJobs, { signal });

/**
 * The account checks, newest first, polled like bulk verification's jobs while one is active. A
 * finished check asks the rules to run again on the server; the integrity figures are refetched.
 */
export function useAccountCheckJobs() {
  const queryClient = useQueryClient();
  const query = useJobHistory(verificationKeys.accountChecks, getAccountCheckJobs, createBulkJobPollSchedule);
  const previous = useRef<BulkJob[] | undefined>(undefined);
  useEffect(() => {
    const finished = finishedJobIds(previous.current, query.data);
    previous.current = query.data;
    if (finished.length > 0) void queryClient.invalidateQueries({ queryKey: integritySummaryQueryKey });
  }, [query.data, queryClient]);
  return query;
}

/** Starts an account check; the history reloads as bulk verification's does (SPEC §9's 1,500 ms). */
export const useStartAccountCheck = (options: StartJobOptions<BulkJob> = {}) =>
  useStartJob(
    () => callApi(VERIFICATION_ROUTES.startAccountCheck),
    { queryKey: verificationKeys.accountChecks, reloadMs: TIMINGS.jobHistoryReloadMs },
    options,
  );
