import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Append-only audit trail: a trigger in the migration rejects UPDATE and DELETE.
 * tenant_id has no foreign key on purpose: the trail outlives a deleted tenant.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: uuid('tenant_id'),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    note: text('note'),
    /** The client's address as the portal saw it (after TRUST_PROXY), null for the portal's own jobs. */
    address: text('address'),
    /** The record the event is about (issue #22's filter by record), with its PSN at that moment. */
    recordId: uuid('record_id'),
    psn: text('psn'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_tenant_idx').on(t.tenantId, t.createdAt),
    index('audit_events_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    // The audit log's filters (issue #22): newest first within a tenant, by actor, action or record.
    index('audit_events_tenant_id_idx').on(t.tenantId, t.id),
    index('audit_events_tenant_actor_idx').on(t.tenantId, t.actorEmail, t.id),
    index('audit_events_tenant_action_idx').on(t.tenantId, t.action, t.id),
    index('audit_events_tenant_record_idx')
      .on(t.tenantId, t.recordId, t.id)
      .where(sql`${t.recordId} is not null`),
  ],
);
