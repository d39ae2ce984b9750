import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';
import { UPLOADS_TEXTS } from '../uploads-texts.ts';

/** GET /records/upload-template with the bearer token, saved as master-list-template.csv. */
export function downloadTemplate(): Promise<void> {
  return downloadFile('/api/v1/records/upload-template', UPLOADS_TEXTS.templateFileName);
}

export function useDownloadTemplate() {
  return useMutation({ mutationFn: downloadTemplate });
}
