import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadSummary } from '@portal/contract/records';
import { pathOf } from '@portal/contract/routes/define-route';
import { RECORDS_ROUTES } from '@portal/contract/routes/records';
import { uploadFile } from '../../../lib/upload-file.ts';
import { RECORDS_KEY } from './records-keys.ts';

export interface UploadMasterListInput {
  file: File;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** POST /records/upload: one multipart field 'file', with real upload progress. */
export function uploadMasterList({
  file,
  onProgress,
  signal,
}: UploadMasterListInput): Promise<UploadSummary> {
  return uploadFile(pathOf(RECORDS_ROUTES.upload), file, {
    schema: RECORDS_ROUTES.upload.response,
    fieldName: 'file',
    onProgress,
    signal,
  });
}

/** After an upload the records, their facets and the upload history are all out of date. */
export function useUploadMasterList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMasterList,
    onSettled: () => queryClient.invalidateQueries({ queryKey: RECORDS_KEY }),
  });
}
