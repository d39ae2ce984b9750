import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExportJob } from '@portal/contract/exports';
import { TIMINGS } from '@portal/contract/limits';
import { EXPORTS_ROUTES } from '@portal/contract/routes/exports';
import { ApiError, callApi } from '../../../lib/api-client.ts';
import { exportKeys } from './exports-keys.ts';

const CONFLICT = 409;

export function startExport(): Promise<ExportJob> {
  return callApi(EXPORTS_ROUTES.start);
}

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

export interface StartExportOptions {
  /** Called as soon as the server accepted the export, before the history reload. */
  onStarted?: (job: ExportJob) => void;
}

/**
 * Generates a payroll export. The history reloads 3000 ms after the start (SPEC §9) and the
 * mutation stays pending until then, so the button reads 'Initiating...' and cannot start a
 * duplicate export meanwhile. A 409 (an export refused as already active) reloads at once, to
 * show the export that is in the way.
 */
export function useStartExport({ onStarted }: StartExportOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startExport,
    onSuccess: async (job) => {
      onStarted?.(job);
      await wait(TIMINGS.exportHistoryReloadMs);
      await queryClient.invalidateQueries({ queryKey: exportKeys.jobs });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === CONFLICT)
        void queryClient.invalidateQueries({ queryKey: exportKeys.jobs });
    },
  });
}
