import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The salary table (issue #35): the pay office's maximum (and minimum) monthly gross for each
 * salary structure, grade and step, the tenant's whole table as its last upload gave it.
 * `structure_key` is the structure as matched (contract salary-grade.ts structureKey: 'Con-PSS' is
 * CONPSS), `structure` as the table wrote it; amounts in kobo. `upload_id` is the upload that last
 * wrote the row (the history is hr_list_uploads, kind SALARY_TABLE). No key per row (an upload
 * replaces the whole table; migration 0052): the tenant and the upload are checked once per
 * statement (trigger salary_table_check_upload), and a tenant's rows go with the tenant
 * (tenants_delete_hr_lists).
 */
export const salaryTable = pgTable(
  'salary_table',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    structure: text('structure').notNull(),
    structureKey: text('structure_key').notNull(),
    grade: integer('grade').notNull(),
    step: integer('step').notNull(),
    maxKobo: bigint('max_kobo', { mode: 'number' }).notNull(),
    minKobo: bigint('min_kobo', { mode: 'number' }),
    uploadId: uuid('upload_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('salary_table_key_uq').on(t.tenantId, t.structureKey, t.grade, t.step),
    check(
      'salary_table_amounts_check',
      sql`${t.maxKobo} > 0 and (${t.minKobo} is null or ${t.minKobo} <= ${t.maxKobo})`,
    ),
  ],
);
