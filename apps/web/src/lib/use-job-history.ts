import { useState } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { apiQueryOptions } from './api-query.ts';

const CONFLICT = 409;

/** A history's `refetchInterval` (see createActivePollSchedule): a wait in ms, or false for none. */
export type HistoryPollSchedule<T> = (
  items: readonly T[] | undefined,
  dataUpdateCount: number,
) => number | false;

/**
 * A background job's history (exports, bulk verifications), newest first: fetched whenever a
 * screen showing it opens, and polled on the schedule while a job is still active.
 */
export function useJobHistory<T, const K extends QueryKey>(
  queryKey: K,
  list: (signal: AbortSignal) => Promise<T[]>,
  createSchedule: () => HistoryPollSchedule<T>,
) {
  const [schedule] = useState(() => createSchedule());
  return useQuery({
    ...apiQueryOptions(queryKey, list),
    refetchOnMount: 'always',
    refetchInterval: (current) => schedule(current.state.data, current.state.dataUpdateCount),
  });
}

export interface StartJobOptions<T> {
  /** Called as soon as the server accepted the job, before the history reload. */
  onStarted?: (job: T) => void;
}

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * Starts a background job. The history reloads `reloadMs` after the start and the mutation stays
 * pending until then, so the start button cannot send a second job meanwhile. A 409 (a job refused
 * as already active) reloads the history at once, to show the job that is in the way.
 */
export function useStartJob<T>(
  start: () => Promise<T>,
  history: { queryKey: QueryKey; reloadMs: number },
  { onStarted }: StartJobOptions<T> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: start,
    onSuccess: async (job) => {
      onStarted?.(job);
      await wait(history.reloadMs);
      await queryClient.invalidateQueries({ queryKey: history.queryKey });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === CONFLICT)
        void queryClient.invalidateQueries({ queryKey: history.queryKey });
    },
  });
}
