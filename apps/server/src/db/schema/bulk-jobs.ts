import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
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
 * A bulk verification over the records that needed it when it started (its items). Chunks commit
 * their results and the counters together and delete their items, so a restart verifies exactly
 * the items left.
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** VERIFY: a bulk verification; ACCOUNT_CHECK: the account check (issue #36, migration 0056). */
    kind: text('kind').notNull().default('VERIFY'),
    status: text('status').notNull().default('PENDING'),
    statusMessage: text('status_message'),
    totalRecords: integer('total_records').notNull().default(0),
    processedRecords: integer('processed_records').notNull().default(0),
    successfullyVerifiedRecords: integer('successfully_verified_records').notNull().default(0),
    mismatchedRecords: integer('mismatched_records').notNull().default(0),
    notFoundRecords: integer('not_found_records').notNull().default(0),
    failedRecords: integer('failed_records').notNull().default(0),
    /** Set once the job has listed its records in bulk_job_items (total known). */
    markedAt: timestamp('marked_at', { withTimezone: true }),
    /** The worker running the job holds it until lease_until; a dead worker's lease runs out. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('bulk_jobs_tenant_idx').on(t.tenantId, t.kind, t.createdAt),
    // One active job per tenant and kind.
    uniqueIndex('bulk_jobs_one_active')
      .on(t.tenantId, t.kind)
      .where(sql`status in ('PENDING', 'RUNNING')`),
  ],
);

/**
 * The records a bulk verification still has to verify: written once when it starts (one narrow row
 * each, rather than a new version of every record with all its index entries) and deleted by the
 * chunk that commits each record's result. No foreign key to records: an item whose record is gone
 * simply joins nothing.
 */
export const bulkJobItems = pgTable(
  'bulk_job_items',
  {
    /** The job, checked once per statement rather than by a foreign key (migration 0060, DECISIONS 283). */
    jobId: uuid('job_id').notNull(),
    recordId: uuid('record_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.recordId] })],
);

/**
 * The account name provider's last answer for each record (issue #36 item 3, the account check),
 * with what was asked: the bank as written and its CBN code, the number, and the record's name the
 * bank's was compared with. The rules use an answer only while the record still has that bank and
 * number (and, for the name, that name).
 */
export const accountChecks = pgTable(
  'account_checks',
  {
    /**
     * The record, checked once per statement rather than by a foreign key (migration 0059,
     * DECISIONS 282); deleted with its tenant's records.
     */
    recordId: uuid('record_id').primaryKey(),
    tenantId: uuid('tenant_id').notNull(),
    jobId: uuid('job_id'),
    bank: text('bank').notNull(),
    bankCode: text('bank_code').notNull(),
    accountNumber: text('account_number').notNull(),
    fullName: text('full_name').notNull(),
    /** FOUND, CLOSED or NOT_FOUND, as the provider said. */
    status: text('status').notNull(),
    accountName: text('account_name'),
    accountBvn: text('account_bvn'),
    /** The name matcher's verdict (MATCH, CLOSE, DIFFERENT) and reasons; null unless FOUND. */
    nameVerdict: text('name_verdict'),
    nameReasons: jsonb('name_reasons')
      .notNull()
      .default(sql`'[]'::jsonb`),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_checks_tenant_idx').on(t.tenantId, t.status),
    check('account_checks_status_check', sql`${t.status} in ('FOUND', 'CLOSED', 'NOT_FOUND')`),
  ],
);
