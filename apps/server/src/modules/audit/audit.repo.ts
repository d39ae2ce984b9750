import { sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor.ts';
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
  /** The client's address (Actor.address); null for the portal's own jobs. */
  address?: string | null;
  /**
   * The record the event is about: an event of entity type 'record' is about its entity by default.
   * Its PSN is read from the record as it is at that moment.
   */
  recordId?: string | null;
}

/** Who an entry is by: the actor's tenant, user, email and address. */
export const auditActorOf = (
  actor: Actor,
): Pick<AuditEntry, 'tenantId' | 'actorUserId' | 'actorEmail' | 'address'> => ({
  tenantId: actor.tenantId,
  actorUserId: actor.userId,
  actorEmail: actor.email,
  address: actor.address ?? null,
});

/** Append-only: there is deliberately no update or delete here (the table refuses them too). */
export class AuditRepo {
  constructor(private readonly orm: Orm) {}

  async append(entry: AuditEntry, orm: Orm = this.orm): Promise<void> {
    const recordId = entry.recordId ?? (entry.entityType === 'record' ? (entry.entityId ?? null) : null);
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
      address: entry.address ?? null,
      recordId,
      psn: recordId ? sql`(select psn from records where id = ${recordId}::uuid)` : null,
    });
  }
}
