import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { records } from './records.ts';
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

/**
 * A person appearing (issue #33, migration 0042): a passed identity check of a record, written in
 * the transaction of the claim that made the account (online or with an agent) or of the
 * re-verification whose lookup agreed. Not tied to an exercise: an exercise counts the appearances
 * of its scope in its days. `day` is the tenant's calendar day at the time.
 */
export const appearances = pgTable(
  'appearances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    day: date('day').notNull(),
    via: text('via').notNull(),
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'set null' }),
    agentEmail: text('agent_email'),
  },
  (t) => [
    index('appearances_record_idx').on(t.tenantId, t.recordId, t.day),
    index('appearances_day_idx').on(t.tenantId, t.day),
    check('appearances_via_check', sql`${t.via} in ('ONLINE_CLAIM', 'AGENT_CLAIM', 'REVERIFY')`),
  ],
);

/**
 * A person excused from an exercise (issue #33 item 2): study leave, secondment, sick leave or
 * another documented absence, with a note; written when the excusal takes effect (at once, or when
 * a second tenant admin approves it). An excused person is no no-show.
 */
export const campaignExcusals = pgTable(
  'campaign_excusals',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    reasonCode: text('reason_code').notNull(),
    note: text('note').notNull(),
    excusedBy: uuid('excused_by').references(() => users.id, { onDelete: 'set null' }),
    excusedByEmail: text('excused_by_email'),
    excusedAt: timestamp('excused_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.recordId] })],
);

/**
 * A bulk suspension of an exercise's no-shows (issue #33 item 5, migration 0043): the list is
 * frozen when it is asked for (campaign_suspension_records), applied at once or once a different
 * tenant admin approves (NO_SHOW_SUSPENSION), to those of the list still no-shows then.
 */
export const campaignSuspensions = pgTable(
  'campaign_suspensions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByEmail: text('requested_by_email').notNull(),
    note: text('note'),
    listed: integer('listed').notNull(),
    listedKobo: bigint('listed_kobo', { mode: 'number' }).notNull(),
    suspended: integer('suspended'),
    suspendedKobo: bigint('suspended_kobo', { mode: 'number' }),
    skipped: integer('skipped'),
    approvalId: uuid('approval_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('campaign_suspensions_campaign_idx').on(t.campaignId, t.createdAt),
    uniqueIndex('campaign_suspensions_one_pending_idx')
      .on(t.campaignId)
      .where(sql`${t.status} = 'PENDING_APPROVAL'`),
    check(
      'campaign_suspensions_status_check',
      sql`${t.status} in ('PENDING_APPROVAL', 'APPLIED', 'DECLINED', 'WITHDRAWN')`,
    ),
  ],
);

/** The people a suspension names (frozen when asked), and whether it suspended each. */
export const campaignSuspensionRecords = pgTable(
  'campaign_suspension_records',
  {
    suspensionId: uuid('suspension_id')
      .notNull()
      .references(() => campaignSuspensions.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    suspended: boolean('suspended').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.suspensionId, t.recordId] })],
);

/**
 * A reminder run of an exercise (issue #33 item 3): one per exercise, kind and tenant day, whatever
 * the number of workers that try (the unique index decides).
 */
export const campaignReminderRuns = pgTable(
  'campaign_reminder_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    day: date('day').notNull(),
    people: integer('people').notNull().default(0),
    noAddress: integer('no_address').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_reminder_runs_once_idx').on(t.campaignId, t.kind, t.day),
    check('campaign_reminder_runs_kind_check', sql`${t.kind} in ('OPENING', 'WEEKLY', 'CLOSING_SOON')`),
  ],
);

/**
 * A person reminded on a day (issue #33 item 3), with the mail and SMS it queued: the key makes a
 * second reminder to one person on one day impossible, across exercises and workers. A run writes
 * a row per person (a million in a large state), so the row's only foreign key is its run's, which
 * removes it with the run, the exercise or the tenant: a key to the record would lock each record
 * as it is written, and records are never deleted but with their tenant (DECISIONS 189).
 */
export const campaignReminders = pgTable(
  'campaign_reminders',
  {
    tenantId: uuid('tenant_id').notNull(),
    recordId: uuid('record_id').notNull(),
    day: date('day').notNull(),
    runId: uuid('run_id')
      .notNull()
      .references(() => campaignReminderRuns.id, { onDelete: 'cascade' }),
    mailId: uuid('mail_id'),
    smsId: uuid('sms_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.recordId, t.day] }),
    index('campaign_reminders_run_idx').on(t.runId),
  ],
);

/**
 * An exercise's schedule (issue #33 item 1, migration 0046): on `day`, the staff of these
 * ministries and departments appear at `site`. Replaced whole; a site's printed list is read from it.
 */
export const campaignSchedule = pgTable(
  'campaign_schedule',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    site: text('site').notNull(),
    ministryIds: uuid('ministry_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    departmentIds: uuid('department_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [index('campaign_schedule_campaign_idx').on(t.campaignId, t.day)],
);
