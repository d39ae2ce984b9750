import crypto from 'node:crypto';
import {
  APPEAL_LIMITS,
  APPEAL_MESSAGES as M,
  type AppealAttachment,
  type AttachmentContentType,
} from '@portal/contract/appeals';
import { ERROR_CODES } from '@portal/contract/errors';
import type { Actor } from '../../access/actor.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { AppealAttachmentsRepo, StoredAttachment } from './appeal-attachments.repo.ts';
import type { AppealsRepo } from './appeals.repo.ts';
import type { AppealsService } from './appeals.service.ts';
import { attachmentTypeOf, downloadName } from './attachment-type.ts';

/** A file as the route received it: at most the limit's bytes, and whether more were sent. */
export interface ReceivedFile {
  fileName: string;
  data: Buffer;
  tooLarge: boolean;
}

export interface AppealAttachmentsDeps {
  attachments: AppealAttachmentsRepo;
  appeals: AppealsRepo;
  /** Who reaches which appeal: the same rule as reading one (AppealsService.reachOf). */
  reach: Pick<AppealsService, 'reachOf'>;
  audit: AuditRepo;
  now: () => Date;
}

const viewOf = (a: StoredAttachment): AppealAttachment => ({
  id: a.id,
  fileName: a.file_name,
  contentType: a.content_type as AttachmentContentType,
  sizeBytes: a.size_bytes,
  uploadedByEmail: a.uploaded_by_email,
  at: new Date(a.at).toISOString(),
});

/**
 * An appeal's documents (issue #34 item 1): PDF, PNG or JPEG judged by their first bytes, at most
 * APPEAL_LIMITS' size and count, stored in the database with their SHA-256, and served only as a
 * download. Who attaches and reads: whoever reaches the appeal (an employee their own, an agent one
 * it lodged, a reviewer within their assignments, a tenant admin any of the tenant's).
 */
export class AppealAttachmentsService {
  constructor(private readonly deps: AppealAttachmentsDeps) {}

  async add(actor: Actor, appealId: string, file: ReceivedFile): Promise<AppealAttachment> {
    const { attachments, appeals, reach, audit, now } = this.deps;
    const { scope, lodgedBy } = await reach.reachOf(actor);
    return appeals.orm.transaction(async (tx) => {
      // The appeal locked: two uploads at once count each other against the limit.
      const appeal = await appeals.find(tx, scope, appealId, { lock: true, lodgedBy });
      if (!appeal) throw notFound(M.notFound);
      if (appeal.status === 'DECIDED') throw conflict(M.decided);
      if (file.tooLarge) throw new AppError(413, M.attachmentTooLarge, ERROR_CODES.TOO_LARGE);
      // The content decides, never the name or the type the browser declared.
      const contentType = attachmentTypeOf(file.data);
      if (!contentType) throw new AppError(415, M.attachmentType, ERROR_CODES.UNSUPPORTED_MEDIA);
      if ((await attachments.count(tx, scope, appealId)) >= APPEAL_LIMITS.attachmentsPerAppeal)
        throw conflict(M.attachmentsFull);
      const sha256 = crypto.createHash('sha256').update(file.data).digest('hex');
      const stored = await attachments.insert(tx, scope, {
        appealId,
        fileName: file.fileName,
        contentType,
        data: file.data,
        sha256,
        by: { userId: actor.userId, email: actor.email },
        at: now(),
      });
      await audit.append(
        {
          tenantId: scope.tenantId,
          actorUserId: actor.userId,
          actorEmail: actor.email,
          address: actor.address ?? null,
          action: 'APPEAL_ATTACHMENT_ADDED',
          entityType: 'record',
          entityId: appeal.record_id,
          after: {
            appealId,
            attachmentId: stored.id,
            fileName: file.fileName,
            contentType,
            sizeBytes: file.data.length,
            sha256,
          },
        },
        tx,
      );
      return viewOf(stored);
    });
  }

  /** The bytes of an attachment of an appeal the actor reaches, with a safe download name. */
  async read(
    actor: Actor,
    appealId: string,
    attachmentId: string,
  ): Promise<{ fileName: string; contentType: AttachmentContentType; data: Buffer }> {
    const { attachments, appeals, reach } = this.deps;
    const { scope, lodgedBy } = await reach.reachOf(actor);
    const appeal = await appeals.find(appeals.orm, scope, appealId, { lodgedBy });
    if (!appeal) throw notFound(M.notFound);
    const a = await attachments.read(attachments.orm, scope, appealId, attachmentId);
    if (!a) throw notFound(M.attachmentNotFound);
    const contentType = a.content_type as AttachmentContentType;
    const data = Buffer.isBuffer(a.data)
      ? a.data
      : Buffer.from(a.data.buffer, a.data.byteOffset, a.data.byteLength);
    return { fileName: downloadName(a.file_name, contentType), contentType, data };
  }
}
