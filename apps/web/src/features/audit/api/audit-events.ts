import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@portal/contract/audit';
import { AUDIT_ROUTES } from '@portal/contract/routes/audit';
import { callApi, queryString } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import type { AuditFilterValues } from '../audit-filters.ts';
import { auditQueryOf } from '../audit-filters.ts';

export const auditKeys = {
  all: ['audit-events'] as const,
  page: (filters: AuditFilterValues, page: number, pageSize: number) =>
    [...auditKeys.all, filters, page, pageSize] as const,
};

/** One server page of the log (1-based); the previous page stays on screen while the next loads. */
export function useAuditEvents(filters: AuditFilterValues, page: number, pageSize: number) {
  return useQuery<AuditPage>({
    queryKey: auditKeys.page(filters, page, pageSize),
    queryFn: ({ signal }) =>
      callApi(AUDIT_ROUTES.list, { query: { ...auditQueryOf(filters), page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the filtered view, under the server's name. */
export function useDownloadAuditCsv() {
  return useMutation({
    mutationFn: (filters: AuditFilterValues) =>
      downloadFile(AUDIT_ROUTES.export.path + queryString(auditQueryOf(filters)), 'audit-log.csv'),
  });
}
