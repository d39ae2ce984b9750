import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ExportChange, ExportChangesPage } from '@portal/contract/export-changes';
import { EXPORT_CHANGES_ROUTES } from '@portal/contract/routes/decisions';
import { callApi } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { approvalsKeys } from './approvals-keys.ts';

/** A page (1-based) of the people an export awaiting approval adds or removes (issue #30). */
export function useExportChanges(approvalId: string, change: ExportChange, page: number, pageSize: number) {
  return useQuery<ExportChangesPage>({
    queryKey: [...approvalsKeys.all, 'export-changes', approvalId, change, page, pageSize],
    queryFn: ({ signal }) =>
      callApi(EXPORT_CHANGES_ROUTES.page, {
        params: { id: approvalId },
        query: { change, page, pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** All of them as CSV, under the server's name. */
export function useDownloadExportChanges() {
  return useMutation({
    mutationFn: (approvalId: string) =>
      downloadFile(
        EXPORT_CHANGES_ROUTES.csv.path.replace(':id', encodeURIComponent(approvalId)),
        'payroll-changes.csv',
      ),
  });
}
