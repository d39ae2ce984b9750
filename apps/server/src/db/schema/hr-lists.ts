import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
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
 * names again (`upload_id` says which upload last wrote it).
 */
export const separations = pgTable(
  'separations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    psn: text('psn'),
    nin: text('nin'),
    fullName: text('full_name').notNull(),
    exitDate: date('exit_date', { mode: 'string' }).notNull(),
    exitReason: text('exit_reason').notNull(),
    reference: text('reference'),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => hrListUploads.id),
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
