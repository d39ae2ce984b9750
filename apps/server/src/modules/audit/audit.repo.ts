import type { Orm } from '../../platform/db.ts';
import { auditEvents } from '../../db/schema/index.ts';

export interface AuditEntry {
  tenantId: string | null;
  actorUserId: string | null;
  actorEmail: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  note?: string | null;
}

/** Append-only: there is deliberately no update or delete here (the table refuses them too). */
export class AuditRepo {
  constructor(private readonly orm: Orm) {}

  async append(entry: AuditEntry, orm: Orm = this.orm): Promise<void> {
    await orm.insert(auditEvents).values({
      tenantId: entry.tenantId,
      actorUserId: entry.actorUserId,
      actorEmail: entry.actorEmail,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      note: entry.note ?? null,
    });
  }
}
