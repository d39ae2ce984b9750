import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
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

/** Created by name from uploads, per tenant, case-insensitively. */
export const ministries = pgTable(
  'ministries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ministries_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

export const departments = pgTable(
  'departments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('departments_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

/** One row per employee of the master list; natural key PSN, else NIN (DESIGN §6). */
export const records = pgTable(
  'records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The tenant, ministry and department are checked per statement by the records_check_postings
    // trigger (migrations 0020, 0021), not per row; deleting a tenant deletes its records first.
    tenantId: uuid('tenant_id').notNull(),
    naturalKey: text('natural_key').notNull(),
    fullName: text('full_name').notNull(),
    employeeId: text('employee_id'),
    psn: text('psn'),
    nin: text('nin'),
    ssid: text('ssid'),
    ministryId: uuid('ministry_id'),
    departmentId: uuid('department_id'),
    gradeLevel: text('grade_level'),
    salaryGradeId: text('salary_grade_id'),
    salaryStructure: text('salary_structure'),
    dateOfBirth: date('date_of_birth'),
    email: text('email'),
    phone: text('phone'),
    // The payroll columns (issue #21), optional; the integrity rules read them.
    dateOfFirstAppointment: date('date_of_first_appointment'),
    bank: text('bank'),
    /** NUBAN, 10 digits. */
    accountNumber: text('account_number'),
    bvn: text('bvn'),
    /** Monthly gross pay in kobo: exact, never a float. */
    monthlyGrossKobo: bigint('monthly_gross_kobo', { mode: 'number' }),
    status: text('status').notNull().default('UPLOADED'),
    /**
     * While a decision awaits a second approver (issue #22, status PENDING_SECOND_APPROVAL): the
     * status the record had before it, which it keeps for the payroll export and returns to when the
     * decision is declined or withdrawn. Null otherwise.
     */
    statusBeforeApproval: text('status_before_approval'),
    /**
     * The status a no-show had when a verification exercise suspended it (issue #33; meaningful while
     * SUSPENDED): a potential ghost suspended stays one (record-state `claimable`).
     */
    statusBeforeSuspension: text('status_before_suspension'),
    /** The reason code of the decision that gave the record its status (REJECTED), else null. */
    statusReasonCode: text('status_reason_code'),
    /**
     * The name's verdict at the last comparison with the provider (issue #20): EXACT, CLOSE or
     * DIFFERENT; null before any comparison. The overview's funnel counts the CLOSE ones.
     */
    nameMatch: text('name_match'),
    /** Found in the source of truth with biometrics (counts as verified whatever the review state since). */
    sotVerified: boolean('sot_verified').notNull().default(false),
    originalUploadData: jsonb('original_upload_data').notNull(),
    /**
     * The compared fields as the last upload carried them: a later upload changes a field only
     * where its value differs from these (DESIGN §6). Null for records written before migration 0022.
     */
    uploadedValues: jsonb('uploaded_values'),
    sotData: jsonb('sot_data'),
    lastError: text('last_error'),
    lastVerifiedAt: timestamp('last_verified_at', { withTimezone: true }),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    /** Bumped on every change; decisions carry the version they saw (409 when it moved). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('records_tenant_key').on(t.tenantId, t.naturalKey),
    // Covering indexes (INCLUDE, which drizzle-kit cannot express) are in migration 0009: by name
    // (pages) and by status, ministry and department (counts), so filtered pages and their counts
    // over 1,000,000 records are index-only scans. The search (q) is in migration 0023: the stored
    // generated column search_terms with a GIN index, and the table search_words, the tenant's name
    // words, kept by a trigger; and in migration 0028: how many records have each word
    // (search_word_counts, kept by the same trigger) and the search index of the queues' states.
    index('records_tenant_grade_idx').on(t.tenantId, t.gradeLevel),
    index('records_tenant_nin_idx').on(t.tenantId, t.nin),
    index('records_tenant_close_idx')
      .on(t.tenantId, t.status)
      .where(sql`${t.nameMatch} = 'CLOSE'`),
    check('records_monthly_gross_kobo_check', sql`${t.monthlyGrossKobo} >= 0`),
  ],
);

/**
 * Records per (tenant, status, verified), kept exact by statement-level triggers with transition
 * tables (migration 0003), so counts and stats stay fast at 1,000,000 records. The same triggers
 * keep the queues' counts per posting (record_queue_counts: records in PENDING_GRADE_VALIDATION or
 * MISMATCHED per tenant, ministry and department, as rows of differences), in SQL only (migration
 * 0035, read by records.repo.ts), like search_word_counts.
 */
export const recordCounts = pgTable(
  'record_counts',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    sotVerified: boolean('sot_verified').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.status, t.sotVerified] })],
);

/** Upload history: who uploaded what, when, with what outcome. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    rowCount: integer('row_count').notNull(),
    newRecords: integer('new_records').notNull(),
    updatedRecords: integer('updated_records').notNull(),
    reverificationRecords: integer('reverification_records').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedByEmail: text('uploaded_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_tenant_idx').on(t.tenantId, t.createdAt)],
);

/**
 * A text shared by many messages of the outbox (a notice or a reminder run to thousands): '{name}'
 * in it is the message's record's full name, filled in when the message is sent (DECISIONS 189).
 */
export const outboxTexts = pgTable('outbox_texts', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Mail outbox: written in the transaction that decides to send, delivered by a job. Its body is its
 * own (`body`) or a shared text's (`text_id`). Written a million at a time by a reminder run, it
 * keys only its tenant: records are never deleted but with their tenant, and a shared text only
 * with its tenant (DECISIONS 189).
 */
export const outbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id'),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    body: text('body'),
    textId: uuid('text_id'),
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    /** Set while a worker sends it; a claim older than a few minutes is taken over (crashed worker). */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('mail_outbox_body_check', sql`(${t.body} is null) <> (${t.textId} is null)`),
    index('mail_outbox_status_idx').on(t.status, t.createdAt),
    index('mail_outbox_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);

/**
 * SMS waiting for, or done with, delivery over the tenant's SMPP gateway (issue #33): written with
 * what queued it, sent by a job, as the mail outbox is (and keyed, as it is, to its tenant only).
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id'),
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastError: text('last_error'),
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('sms_outbox_status_idx').on(t.status, t.createdAt),
    index('sms_outbox_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);
