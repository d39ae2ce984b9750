import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/** A payroll export: a frozen CSV of the VALIDATED records at one moment, stored in chunks. */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('PENDING'),
    statusMessage: text('status_message'),
    recordCount: integer('record_count').notNull().default(0),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    sha256: text('sha256'),
    exportedBy: uuid('exported_by').references(() => users.id, { onDelete: 'set null' }),
    exportedByEmail: text('exported_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The second approver of an export (issue #22: AWAITING_APPROVAL until a different admin approves). */
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedByEmail: text('approved_by_email'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /**
     * Whether a second approver was required when the export was requested (issue #30): the job
     * holds the export for approval by this, not by the setting when it runs.
     */
    secondApprover: boolean('second_approver').notNull().default(false),
  },
  (t) => [index('export_jobs_tenant_idx').on(t.tenantId, t.createdAt)],
);

/** The file, in order; written in the same transaction that marks the export COMPLETED. */
export const exportChunks = pgTable(
  'export_chunks',
  {
    exportId: uuid('export_id')
      .notNull()
      .references(() => exportJobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** Whole lines of the CSV, UTF-8 text. */
    data: text('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.seq] })],
);

/**
 * The records an export carried (issue #22), as one array per export: what changed since the
 * previous approved export, records added and removed, is read from here. One row of 16 bytes a
 * record, written by one statement beside the export's COPY, instead of a row and an index entry per
 * record (which doubled a 1,000,000-record export's time). No foreign key to records: a record
 * deleted since still counts as removed.
 */
export const exportMembers = pgTable('export_members', {
  exportId: uuid('export_id')
    .primaryKey()
    .references(() => exportJobs.id, { onDelete: 'cascade' }),
  recordIds: uuid('record_ids').array().notNull(),
});

/**
 * The people an export awaiting approval adds to (ADDED) and removes from (REMOVED) the payroll
 * against the last approved export (issue #30), numbered 1..n per change in the approver's order
 * (ministry, name, PSN): a page reads a range of the key, however large the export.
 */
export const exportChanges = pgTable(
  'export_changes',
  {
    exportId: uuid('export_id')
      .notNull()
      .references(() => exportJobs.id, { onDelete: 'cascade' }),
    change: text('change').notNull(),
    seq: integer('seq').notNull(),
    recordId: uuid('record_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.change, t.seq] })],
);
