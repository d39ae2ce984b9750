import { useMutation } from '@tanstack/react-query';
import { pathOf } from '@portal/contract/routes/define-route';
import { EXPORTS_ROUTES } from '@portal/contract/routes/exports';
import { downloadFile } from '../../../lib/download-file.ts';
import { EXPORTS_TEXTS } from '../exports-texts.ts';

/**
 * GETs the export's CSV with the bearer token (a plain link cannot send it) and saves it under the
 * server's name, `payroll-{stateCode}-{YYYY-MM-DD}-{id}.csv` (`<id>.csv` if the header is missing).
 */
export function downloadExport(id: string): Promise<void> {
  return downloadFile(pathOf(EXPORTS_ROUTES.download, { id }), EXPORTS_TEXTS.fileName(id));
}

/** `variables` of the pending mutation is the id of the export being downloaded. */
export function useDownloadExport() {
  return useMutation({ mutationFn: downloadExport });
}
