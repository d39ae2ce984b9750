import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/**
 * A verification exercise (issue #33, migration 0041): its scope (both lists empty: all records),
 * its days in the tenant's zone and the documents to bring. Its state is read from the dates.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ministryIds: uuid('ministry_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    departmentIds: uuid('department_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    opensOn: date('opens_on').notNull(),
    closesOn: date('closes_on').notNull(),
    graceDays: integer('grace_days').notNull(),
    documents: text('documents')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_tenant_idx').on(t.tenantId, t.createdAt),
    check('campaigns_dates_check', sql`${t.closesOn} >= ${t.opensOn}`),
    check('campaigns_grace_days_check', sql`${t.graceDays} between 0 and 90`),
  ],
);

/** Every move of an exercise's closing day, later only, with its reason. */
export const campaignExtensions = pgTable(
  'campaign_extensions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    fromClosesOn: date('from_closes_on').notNull(),
    toClosesOn: date('to_closes_on').notNull(),
    reason: text('reason').notNull(),
    extendedBy: uuid('extended_by').references(() => users.id, { onDelete: 'set null' }),
    extendedByEmail: text('extended_by_email'),
    extendedAt: timestamp('extended_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaign_extensions_campaign_idx').on(t.campaignId, t.extendedAt),
    check('campaign_extensions_later_check', sql`${t.toClosesOn} > ${t.fromClosesOn}`),
  ],
);
