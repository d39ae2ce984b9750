import { TIMINGS } from '@portal/contract/limits';
import { VERIFICATION_ROUTES } from '@portal/contract/routes/verification';
import type { BulkJob } from '@portal/contract/verification';
import { callApi } from '../../../lib/api-client.ts';
import { useStartJob, type StartJobOptions } from '../../../lib/use-job-history.ts';
import { verificationKeys } from './verification-keys.ts';

/** The job history: reloaded 1500 ms after a start (SPEC §9). */
const JOB_HISTORY = { queryKey: verificationKeys.jobs, reloadMs: TIMINGS.jobHistoryReloadMs };

/**
 * Starts a bulk verification. The mutation stays pending until the history reloads, so the start
 * button cannot send a second job meanwhile; a 409 (a job is already running) reloads the history
 * at once, to show that job.
 */
export const useStartBulkVerification = (options: StartJobOptions<BulkJob> = {}) =>
  useStartJob(() => callApi(VERIFICATION_ROUTES.startBulk), JOB_HISTORY, options);
