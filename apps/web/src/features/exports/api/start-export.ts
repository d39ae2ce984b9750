import type { ExportJob } from '@portal/contract/exports';
import { TIMINGS } from '@portal/contract/limits';
import { EXPORTS_ROUTES } from '@portal/contract/routes/exports';
import { callApi } from '../../../lib/api-client.ts';
import { useStartJob, type StartJobOptions } from '../../../lib/use-job-history.ts';
import { exportKeys } from './exports-keys.ts';

export function startExport(): Promise<ExportJob> {
  return callApi(EXPORTS_ROUTES.start);
}

/**
 * Generates a payroll export. The history reloads 3000 ms after the start (SPEC §9) and the
 * mutation stays pending until then, so the button reads 'Initiating...' and cannot start a
 * duplicate export meanwhile. A 409 (an export refused as already active) reloads at once, to
 * show the export that is in the way.
 */
export function useStartExport(options: StartJobOptions<ExportJob> = {}) {
  return useStartJob(
    startExport,
    { queryKey: exportKeys.jobs, reloadMs: TIMINGS.exportHistoryReloadMs },
    options,
  );
}
