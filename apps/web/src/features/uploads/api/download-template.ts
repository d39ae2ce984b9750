import { useMutation } from '@tanstack/react-query';
import { pathOf } from '@portal/contract/routes/define-route';
import { RECORDS_ROUTES } from '@portal/contract/routes/records';
import { downloadFile } from '../../../lib/download-file.ts';
import { UPLOADS_TEXTS } from '../uploads-texts.ts';

/** GET /records/upload-template with the bearer token, saved as master-list-template.csv. */
export function downloadTemplate(): Promise<void> {
  return downloadFile(pathOf(RECORDS_ROUTES.uploadTemplate), UPLOADS_TEXTS.templateFileName);
}

export function useDownloadTemplate() {
  return useMutation({ mutationFn: downloadTemplate });
}
