import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
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
 * Every upload of an HR list other than the master list (issue #35): separations now, the nominal
 * roll and the salary table next; `kind` says which. The master list keeps its own `uploads`,
 * whose counts (re-verification) are the master list's alone. `as_of` is the nominal roll's date.
 */
export const hrListUploads = pgTable(
  'hr_list_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    rowCount: integer('row_count').notNull(),
    created: integer('created').notNull(),
    updated: integer('updated').notNull(),
    asOf: date('as_of', { mode: 'string' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedByEmail: text('uploaded_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('hr_list_uploads_tenant_kind_idx').on(t.tenantId, t.kind, t.createdAt),
    check('hr_list_uploads_kind_check', sql`${t.kind} in ('SEPARATIONS', 'NOMINAL_ROLL', 'SALARY_TABLE')`),
  ],
);

/**
 * The separations list (issue #35): who left the service, when and why, one row per person. A
 * person is their PSN within the tenant, else their NIN; an upload updates the row of a person it
 * names again (`upload_id` says which upload last wrote it). No key per row (100,000 rows an upload,
 * as the nominal roll's, migration 0052): the tenant and the upload are checked once per statement
 * (trigger separations_check_upload), and a tenant's rows go with the tenant (tenants_delete_hr_lists).
 */
export const separations = pgTable(
  'separations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    psn: text('psn'),
    nin: text('nin'),
    fullName: text('full_name').notNull(),
    exitDate: date('exit_date', { mode: 'string' }).notNull(),
    exitReason: text('exit_reason').notNull(),
    reference: text('reference'),
    uploadId: uuid('upload_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('separations_tenant_psn_uq')
      .on(t.tenantId, t.psn)
      .where(sql`${t.psn} is not null`),
    index('separations_tenant_nin_idx')
      .on(t.tenantId, t.nin)
      .where(sql`${t.nin} is not null`),
    check('separations_person_check', sql`${t.psn} is not null or ${t.nin} is not null`),
    check(
      'separations_reason_check',
      sql`${t.exitReason} in ('RETIRED', 'DECEASED', 'RESIGNED', 'DISMISSED', 'TRANSFERRED', 'OTHER')`,
    ),
  ],
);

/**
 * The nominal roll (issue #35): HR's list of who works where, one row per person and ministry of
 * the roll. An upload replaces the roll of each ministry it names: `nominal_roll_ministries` says
 * which ministries have a roll, as of when and from which upload. A ministry is its name as
 * `ministry_key()` reads it (migration 0050: trimmed, spaces collapsed, lower case), so a ministry
 * the master list does not know is kept by name and never created. No key per row (1,000,000 rows
 * an upload, as the records' tenant key, migration 0021): a tenant's rows go with the tenant
 * (trigger tenants_delete_nominal_roll), a ministry's with its roll's replacement.
 */
export const nominalRoll = pgTable(
  'nominal_roll',
  {
    /** In the order of the file: the not-on-payroll list reads a ministry's rows in it. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: uuid('tenant_id').notNull(),
    ministryKey: text('ministry_key').notNull(),
    psn: text('psn'),
    nin: text('nin'),
    fullName: text('full_name').notNull(),
    department: text('department'),
    gradeLevel: text('grade_level'),
  },
  (t) => [
    index('nominal_roll_tenant_ministry_idx').on(t.tenantId, t.ministryKey, t.id),
    index('nominal_roll_tenant_psn_idx')
      .on(t.tenantId, t.psn)
      .where(sql`${t.psn} is not null`),
    index('nominal_roll_tenant_nin_idx')
      .on(t.tenantId, t.nin)
      .where(sql`${t.nin} is not null`),
    check('nominal_roll_person_check', sql`${t.psn} is not null or ${t.nin} is not null`),
  ],
);

/**
 * The ministries that have a nominal roll: the name as the last roll wrote it, its 'as of' date,
 * the upload that wrote it, its rows, and how many of them are not on the payroll (counted by each
 * integrity evaluation; null until the first one after the upload).
 */
export const nominalRollMinistries = pgTable(
  'nominal_roll_ministries',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    ministryKey: text('ministry_key').notNull(),
    ministry: text('ministry').notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => hrListUploads.id),
    rowCount: integer('row_count').notNull(),
    notOnPayroll: integer('not_on_payroll'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.ministryKey] })],
);
