import { TIMINGS } from '@portal/contract/limits';
import { VERIFICATION_ROUTES } from '@portal/contract/routes/verification';
import type { BulkJob } from '@portal/contract/verification';
import { callApi } from '../../../lib/api-client.ts';
import { useStartJob, type StartJobOptions } from '../../../lib/use-job-history.ts';
import { verificationKeys } from './verification-keys.ts';

export function startBulkVerification(): Promise<BulkJob> {
  return callApi(VERIFICATION_ROUTES.startBulk);
}

/**
 * Starts a bulk verification. The history reloads 1500 ms after the start (SPEC §9) and the
 * mutation stays pending until then, so the start button cannot send a second job meanwhile.
 * A 409 (a job is already running) reloads the history at once, to show that job.
 */
export function useStartBulkVerification(options: StartJobOptions<BulkJob> = {}) {
  return useStartJob(
    startBulkVerification,
    { queryKey: verificationKeys.jobs, reloadMs: TIMINGS.jobHistoryReloadMs },
    options,
  );
}
