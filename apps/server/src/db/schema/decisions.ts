import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/**
 * A tenant's reason codes (issue #22): the codes it added, and the retirement of any code, its
 * defaults included (the defaults themselves are in the contract; a default has a row here only
 * once retired).
 */
export const reasonCodes = pgTable(
  'reason_codes',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    label: text('label').notNull(),
    needsNote: boolean('needs_note').notNull().default(false),
    createdByEmail: text('created_by_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    retiredByEmail: text('retired_by_email'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.code] })],
);

/**
 * A decision that waits for a second approver (issue #22, four-eyes): a rejection, an integrity
 * CONFIRM or a payroll export. `payload` is what the approval carries out (the record's version,
 * the reason, the flag); a record has at most one PENDING approval.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('PENDING'),
    recordId: uuid('record_id'),
    exportId: uuid('export_id'),
    flagId: uuid('flag_id'),
    makerUserId: uuid('maker_user_id').references(() => users.id, { onDelete: 'set null' }),
    makerEmail: text('maker_email').notNull(),
    reasonCode: text('reason_code'),
    note: text('note'),
    summary: text('summary').notNull(),
    payload: jsonb('payload').notNull().default({}),
    checkerUserId: uuid('checker_user_id').references(() => users.id, { onDelete: 'set null' }),
    checkerEmail: text('checker_email'),
    checkerNote: text('checker_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('approvals_tenant_status_idx').on(t.tenantId, t.status, t.createdAt),
    uniqueIndex('approvals_one_pending_record')
      .on(t.recordId)
      .where(sql`${t.status} = 'PENDING' and ${t.recordId} is not null`),
    uniqueIndex('approvals_one_pending_export')
      .on(t.exportId)
      .where(sql`${t.status} = 'PENDING' and ${t.exportId} is not null`),
  ],
);
