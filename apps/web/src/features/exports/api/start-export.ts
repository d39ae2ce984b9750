import type { ExportJob } from '@portal/contract/exports';
import { TIMINGS } from '@portal/contract/limits';
import { EXPORTS_ROUTES } from '@portal/contract/routes/exports';
import { callApi } from '../../../lib/api-client.ts';
import { useStartJob, type StartJobOptions } from '../../../lib/use-job-history.ts';
import { exportKeys } from './exports-keys.ts';

/** The export's history: reloaded 3000 ms after a start (SPEC §9). */
const EXPORT_HISTORY = { queryKey: exportKeys.jobs, reloadMs: TIMINGS.exportHistoryReloadMs };

/**
 * Generates a payroll export. The mutation stays pending until the history reloads, so the button
 * reads 'Initiating...' and cannot start a duplicate export meanwhile; a 409 (an export refused as
 * already active) reloads at once, to show the export that is in the way.
 */
export const useStartExport = (options: StartJobOptions<ExportJob> = {}) =>
  useStartJob(() => callApi(EXPORTS_ROUTES.start), EXPORT_HISTORY, options);
