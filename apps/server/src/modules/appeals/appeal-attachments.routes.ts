import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APPEAL_LIMITS } from '@portal/contract/appeals';
import { APPEALS_ROUTES } from '@portal/contract/routes/appeals';
import { serveRoute } from '../../access/route.ts';
import { badRequest } from '../../platform/errors.ts';
import { uploadFileName } from '../records/upload-file-name.ts';
import type { AppealAttachmentsService, ReceivedFile } from './appeal-attachments.service.ts';

/**
 * Reads the multipart field `file` into memory, never more than the attachment limit: at the limit
 * busboy hands over no more of it (it reads on to the end of the request, discarding, so that a
 * client still sending gets the 413 rather than a reset connection).
 */
async function receiveAttachment(request: FastifyRequest): Promise<ReceivedFile> {
  if (!request.isMultipart())
    throw badRequest('Send the file as multipart/form-data in a field named "file".');
  const part = await request.file({ limits: { fileSize: APPEAL_LIMITS.attachmentMaxBytes, files: 1 } });
  if (!part) throw badRequest('No file was sent: use the multipart field "file".');
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw badRequest(`Unexpected field "${part.fieldname}": send the file in a field named "file".`);
  }
  let fileName: string;
  try {
    fileName = uploadFileName(part.filename);
  } catch (err) {
    part.file.resume();
    throw err;
  }
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
  } catch (err) {
    if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
    return { fileName, data: Buffer.alloc(0), tooLarge: true };
  }
  return { fileName, data: Buffer.concat(chunks), tooLarge: part.file.truncated };
}

/** An appeal's documents (issue #34): attached by multipart, downloaded only as a file. */
export function appealAttachmentsRoutes(app: FastifyInstance, attachments: AppealAttachmentsService): void {
  serveRoute(app, APPEALS_ROUTES.attach, async ({ actor, params, request }) =>
    attachments.add(actor, params.id, await receiveAttachment(request)),
  );

  serveRoute(app, APPEALS_ROUTES.attachment, async ({ actor, params, reply }) => {
    const file = await attachments.read(actor, params.id, params.attachmentId);
    // A document someone sent is never rendered by the portal's origin: always a download, its
    // type as judged on upload, not sniffed again, and sandboxed should a browser open it anyway.
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('cache-control', 'no-store')
      .send(file.data);
  });
}
