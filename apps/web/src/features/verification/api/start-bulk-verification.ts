import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@portal/contract/limits';
import { VERIFICATION_ROUTES } from '@portal/contract/routes/verification';
import type { BulkJob } from '@portal/contract/verification';
import { ApiError, callApi } from '../../../lib/api-client.ts';
import { verificationKeys } from './verification-keys.ts';

const CONFLICT = 409;

export function startBulkVerification(): Promise<BulkJob> {
  return callApi(VERIFICATION_ROUTES.startBulk);
}

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

export interface StartBulkVerificationOptions {
  /** Called as soon as the server accepted the job, before the history reload. */
  onStarted?: (job: BulkJob) => void;
}

/**
 * Starts a bulk verification. The history reloads 1500 ms after the start (SPEC §9) and the
 * mutation stays pending until then, so the start button cannot send a second job meanwhile.
 * A 409 (a job is already running) reloads the history at once, to show that job.
 */
export function useStartBulkVerification({ onStarted }: StartBulkVerificationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBulkVerification,
    onSuccess: async (job) => {
      onStarted?.(job);
      await wait(TIMINGS.jobHistoryReloadMs);
      await queryClient.invalidateQueries({ queryKey: verificationKeys.jobs });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === CONFLICT)
        void queryClient.invalidateQueries({ queryKey: verificationKeys.jobs });
    },
  });
}
