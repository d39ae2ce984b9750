import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';
import { records } from './records.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    passwordHash: text('password_hash').notNull(),
    /** Bumped on logout: every token carrying an older version is revoked. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The master record a SELF_SERVICE_USER claimed (one account per record). */
    recordId: uuid('record_id').references(() => records.id, { onDelete: 'set null' }),
    /** The account that created this one (issue #30: its family never checks its actions). */
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_tenant_role_idx').on(t.tenantId, t.role),
    uniqueIndex('users_record_key').on(t.recordId),
    index('users_created_by_idx')
      .on(t.createdBy)
      .where(sql`${t.createdBy} is not null`),
    check('users_tenant_required', sql`${t.tenantId} is not null or ${t.role} = 'GLOBAL_SUPER_ADMIN'`),
    check('users_global_has_no_tenant', sql`${t.role} <> 'GLOBAL_SUPER_ADMIN' or ${t.tenantId} is null`),
  ],
);
