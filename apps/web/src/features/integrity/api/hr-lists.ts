import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HrListKind, HrListState, HrListUploadSummary } from '@portal/contract/hr-lists';
import { pathOf } from '@portal/contract/routes/define-route';
import { HR_LISTS_ROUTES } from '@portal/contract/routes/hr-lists';
import type { SendFileInput } from '../../../components/file-upload/use-file-upload.ts';
import { callApi } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { uploadFile } from '../../../lib/upload-file.ts';
import { integrityKeys } from './integrity-keys.ts';

/** Each HR list with its last upload (issue #35). */
export function getHrLists(signal?: AbortSignal): Promise<HrListState[]> {
  return callApi(HR_LISTS_ROUTES.list, { signal });
}

export const hrListsQueryOptions = () =>
  queryOptions({ queryKey: integrityKeys.hrLists, queryFn: ({ signal }) => getHrLists(signal) });

export const useHrLists = () => useQuery(hrListsQueryOptions());

/** Each list's upload route; the three answer the same summary. */
const UPLOAD_ROUTES = {
  SEPARATIONS: HR_LISTS_ROUTES.uploadSeparations,
  NOMINAL_ROLL: HR_LISTS_ROUTES.uploadNominalRoll,
  SALARY_TABLE: HR_LISTS_ROUTES.uploadSalaryTable,
} as const satisfies Record<HrListKind, unknown>;

export interface UploadHrListInput extends SendFileInput {
  /** The nominal roll's 'as of' date (YYYY-MM-DD); the other lists take none. */
  asOf?: string;
}

/** POST /hr-lists/{list}/upload: the multipart field 'file' (and the roll's 'asOf'), with real progress. */
export function uploadHrList(
  kind: HrListKind,
  { file, asOf, signal, onProgress }: UploadHrListInput,
): Promise<HrListUploadSummary> {
  const route = UPLOAD_ROUTES[kind];
  return uploadFile(pathOf(route), file, {
    schema: route.response,
    fieldName: 'file',
    fields: kind === 'NOMINAL_ROLL' && asOf ? { asOf } : {},
    onProgress,
    signal,
  });
}

/**
 * A list's upload. Done or refused, the lists' state is read again; a list that changed also changes
 * the flags (the rules run again after it), so the figures and the flags are read again too.
 */
export function useUploadHrList(kind: HrListKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadHrListInput) => uploadHrList(kind, input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: integrityKeys.hrLists }),
        queryClient.invalidateQueries({ queryKey: integrityKeys.summary }),
        queryClient.invalidateQueries({ queryKey: integrityKeys.flags }),
      ]),
  });
}

/** The people on a nominal roll who are not on the master list, as CSV under the server's name. */
export const downloadNotOnPayroll = () =>
  downloadFile(pathOf(HR_LISTS_ROUTES.notOnPayrollCsv), 'nominal-roll-not-on-payroll.csv');
