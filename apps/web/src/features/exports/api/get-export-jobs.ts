import type { ExportJob } from '@portal/contract/exports';
import { EXPORTS_ROUTES } from '@portal/contract/routes/exports';
import { callApi } from '../../../lib/api-client.ts';
import { useJobHistory } from '../../../lib/use-job-history.ts';
import { createExportPollSchedule } from '../utils/export-job-rules.ts';
import { exportKeys } from './exports-keys.ts';

export function getExportJobs(signal?: AbortSignal): Promise<ExportJob[]> {
  return callApi(EXPORTS_ROUTES.list, { signal });
}

/**
 * The export history, newest first. Fetched whenever the tab opens; while an export is PENDING
 * or PROCESSING it polls (first after 5 s, then every 15 s: SPEC §9) and stops when none is.
 */
export function useExportJobs() {
  return useJobHistory(exportKeys.jobs, getExportJobs, createExportPollSchedule);
}
