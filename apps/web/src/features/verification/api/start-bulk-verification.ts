import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@portal/contract/limits';
import { BulkJobSchema, type BulkJob } from '@portal/contract/verification';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { BULK_VERIFY_PATH, verificationKeys } from './verification-keys.ts';

const CONFLICT = 409;

export function startBulkVerification(): Promise<BulkJob> {
  return apiRequest(BULK_VERIFY_PATH, { method: 'POST', schema: BulkJobSchema });
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
