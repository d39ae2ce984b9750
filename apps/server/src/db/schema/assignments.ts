import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';
import { users } from './users.ts';
import { departments, ministries } from './records.ts';

/** A reviewer works the records of these ministries (DESIGN §6 reviewer scope). */
export const reviewerMinistries = pgTable(
  'reviewer_ministries',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ministryId: uuid('ministry_id')
      .notNull()
      .references(() => ministries.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.ministryId] }),
    index('reviewer_ministries_tenant_idx').on(t.tenantId),
  ],
);

/** …and of these departments. */
export const reviewerDepartments = pgTable(
  'reviewer_departments',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.departmentId] }),
    index('reviewer_departments_tenant_idx').on(t.tenantId),
  ],
);
