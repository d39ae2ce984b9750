import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { records } from './records.ts';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * An appeal about one record taken off the payroll (issue #34, migration 0048): who lodged it and
 * how, its grounds, its deadline (fixed at lodging from the tenant's setting), its handler, its
 * decision and, once a reinstating decision took effect, the status the record returned to and the
 * arrears computed then. At most one appeal of a record is being heard at a time.
 */
export const appeals = pgTable(
  'appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    grounds: text('grounds').notNull(),
    channel: text('channel').notNull(),
    status: text('status').notNull().default('OPEN'),
    /** The record's status when the appeal was lodged (REJECTED or SUSPENDED). */
    appealedStatus: text('appealed_status').notNull(),
    /** When the record left the payroll (its removal's audit entry): arrears count from here. */
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull(),
    lodgedBy: uuid('lodged_by').references(() => users.id, { onDelete: 'set null' }),
    lodgedByEmail: text('lodged_by_email'),
    lodgedAt: timestamp('lodged_at', { withTimezone: true }).notNull(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    handlerId: uuid('handler_id').references(() => users.id, { onDelete: 'set null' }),
    handlerEmail: text('handler_email'),
    decision: text('decision'),
    decisionNote: text('decision_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByEmail: text('decided_by_email'),
    reinstatedTo: text('reinstated_to'),
    /** The approved exports that left the person out: [{exportId, approvedAt}]. */
    arrearsPeriods: jsonb('arrears_periods'),
    monthlyGrossKobo: bigint('monthly_gross_kobo', { mode: 'number' }),
    arrearsKobo: bigint('arrears_kobo', { mode: 'number' }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('appeals_tenant_deadline_idx').on(t.tenantId, t.status, t.deadlineAt),
    index('appeals_record_idx').on(t.recordId),
    // One appeal of a record heard at a time.
    uniqueIndex('appeals_one_open_per_record')
      .on(t.recordId)
      .where(sql`${t.status} <> 'DECIDED'`),
    check(
      'appeals_status_check',
      sql`${t.status} in ('OPEN', 'AWAITING_EMPLOYEE', 'AWAITING_APPROVAL', 'DECIDED')`,
    ),
  ],
);

/** A handler's question and the appellant's answer, in order. */
export const appealMessages = pgTable(
  'appeal_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    appealId: uuid('appeal_id')
      .notNull()
      .references(() => appeals.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    body: text('body').notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    byEmail: text('by_email'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('appeal_messages_appeal_idx').on(t.appealId, t.at),
    check('appeal_messages_type_check', sql`${t.type} in ('QUESTION', 'ANSWER')`),
  ],
);

/**
 * A document attached to an appeal: its bytes in the database (backed up and deleted with the
 * tenant, never a file the web server could serve), its type judged from its content.
 */
export const appealAttachments = pgTable(
  'appeal_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    appealId: uuid('appeal_id')
      .notNull()
      .references(() => appeals.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedByEmail: text('uploaded_by_email'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('appeal_attachments_appeal_idx').on(t.appealId, t.at)],
);
