import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';

export type StoredAttachment = {
  id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  uploaded_by_email: string | null;
  at: Date;
};

/**
 * An appeal's documents (issue #34): the bytes in `appeal_attachments`. The appeal they belong to
 * is found in the caller's scope first (AppealsRepo.find); these queries then key the tenant and
 * the appeal.
 */
export class AppealAttachmentsRepo {
  constructor(readonly orm: Orm) {}

  async count(tx: Orm, scope: TenantScope, appealId: string): Promise<number> {
    const r = await tx.execute<{ n: number }>(sql`select count(*)::int as n from appeal_attachments
      where tenant_id = ${scope.tenantId} and appeal_id = ${appealId}`);
    return Number(r.rows[0]?.n ?? 0);
  }

  async insert(
    tx: Orm,
    scope: TenantScope,
    a: {
      appealId: string;
      fileName: string;
      contentType: string;
      data: Buffer;
      sha256: string;
      by: { userId: string; email: string };
      at: Date;
    },
  ): Promise<StoredAttachment> {
    const r = await tx.execute<StoredAttachment>(sql`
      insert into appeal_attachments (tenant_id, appeal_id, file_name, content_type, size_bytes, sha256,
        data, uploaded_by, uploaded_by_email, at)
      values (${scope.tenantId}, ${a.appealId}, ${a.fileName}, ${a.contentType}, ${a.data.length},
        ${a.sha256}, ${a.data}, ${a.by.userId}, ${a.by.email}, ${a.at})
      returning id, file_name, content_type, size_bytes, uploaded_by_email, at`);
    return r.rows[0]!;
  }

  /** One attachment of the appeal with its bytes, or undefined. */
  async read(
    orm: Orm,
    scope: TenantScope,
    appealId: string,
    id: string,
  ): Promise<(StoredAttachment & { data: Buffer | Uint8Array }) | undefined> {
    const r = await orm.execute<StoredAttachment & { data: Buffer | Uint8Array }>(sql`
      select id, file_name, content_type, size_bytes, uploaded_by_email, at, data from appeal_attachments
      where tenant_id = ${scope.tenantId} and appeal_id = ${appealId} and id = ${id}`);
    return r.rows[0];
  }
}
