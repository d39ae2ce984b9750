import { AppealAttachmentSchema, arrearsFileName, type AppealAttachment } from '@portal/contract/appeals';
import { pathOf } from '@portal/contract/routes/define-route';
import { APPEALS_ROUTES } from '@portal/contract/routes/appeals';
import { downloadFile } from '../../../lib/download-file.ts';
import { uploadFile } from '../../../lib/upload-file.ts';

/** POST /appeals/:id/attachments (multipart 'file'); the server judges the type by the content. */
export function attachFile(appealId: string, file: File): Promise<AppealAttachment> {
  return uploadFile(pathOf(APPEALS_ROUTES.attach, { id: appealId }), file, {
    schema: AppealAttachmentSchema,
  });
}

/** GET /appeals/:id/attachments/:attachmentId with the token (a plain link cannot send it). */
export function downloadAttachment(appealId: string, attachment: AppealAttachment): Promise<void> {
  return downloadFile(
    pathOf(APPEALS_ROUTES.attachment, { id: appealId, attachmentId: attachment.id }),
    attachment.fileName,
  );
}

/** GET /appeals/arrears.csv, saved under the server's name (arrears-{day}.csv without one). */
export function downloadArrears(today = new Date().toISOString().slice(0, 10)): Promise<void> {
  return downloadFile(APPEALS_ROUTES.arrearsCsv.path, arrearsFileName(today));
}
