import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { records } from './records.ts';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/**
 * One flag of an integrity rule on a record (issue #21). `fingerprint` names the evidence (the
 * dates used, the members of the group): a DISMISSED flag stays closed for the same fingerprint and
 * a flag is raised again only when the evidence changes. OPEN flags are what the rules find now;
 * DISMISSED and CONFIRMED ones are the decisions taken.
 */
export const integrityFlags = pgTable(
  'integrity_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    rule: text('rule').notNull(),
    fingerprint: text('fingerprint').notNull(),
    evidence: jsonb('evidence').notNull(),
    /**
     * The pay at stake a month in kobo as of the flag's last evaluation: the record's monthly pay,
     * the excess above the salary table's maximum for PAY_ABOVE_SCALE (issue #35); the list's order
     * (largest first) read from an index of the flags alone. Any change of the pay runs the rules again.
     */
    monthlyKobo: bigint('monthly_kobo', { mode: 'number' }),
    /**
     * The record's ministry and department as of the flag's last evaluation (migration 0062), like
     * its pay: the run's figures are summed from the flags alone. Not references (no foreign key).
     */
    ministryId: uuid('ministry_id'),
    departmentId: uuid('department_id'),
    status: text('status').notNull().default('OPEN'),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByEmail: text('decided_by_email'),
    reasonCode: text('reason_code'),
    note: text('note'),
  },
  (t) => [
    // The flags list's search (q) is in migration 0036: search_terms, a copy of the record's
    // (records.search_terms, migration 0023) written by the rules' merge and kept in step by the
    // records' words trigger, with a GIN index; not here, like the records' own (never read).
    uniqueIndex('integrity_flags_evidence_key').on(t.tenantId, t.recordId, t.rule, t.fingerprint),
    index('integrity_flags_tenant_status_idx').on(t.tenantId, t.status, t.rule),
    index('integrity_flags_page_idx').on(t.tenantId, t.status, sql`${t.monthlyKobo} desc nulls last`, t.id),
  ],
);

/**
 * Where a tenant's evaluation stands: when a change last asked for one (requested_at), which of
 * those requests the last finished run covered, the run under way (its start, heartbeat and
 * progress) and the figures it left (summary), so that the summary call reads one row.
 */
export const integrityState = pgTable('integrity_state', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  requestedAt: timestamp('requested_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  coveredRequestAt: timestamp('covered_request_at', { withTimezone: true, precision: 6 }),
  /** Another tenant's change asked (the cross-tenant index), and the last such request a run covered. */
  othersRequestedAt: timestamp('others_requested_at', { withTimezone: true, precision: 6 }),
  othersCoveredAt: timestamp('others_covered_at', { withTimezone: true, precision: 6 }),
  /**
   * A change that can alter some rules' findings only (an HR list's upload) asked for those
   * (requested_rules, since the last such request a run covered), and the last one a run covered.
   */
  rulesRequestedAt: timestamp('rules_requested_at', { withTimezone: true, precision: 6 }),
  rulesCoveredAt: timestamp('rules_covered_at', { withTimezone: true, precision: 6 }),
  requestedRules: text('requested_rules')
    .array()
    .notNull()
    .default(sql`'{}'`),
  runStartedAt: timestamp('run_started_at', { withTimezone: true }),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  stepsDone: integer('steps_done').notNull().default(0),
  stepsTotal: integer('steps_total').notNull().default(0),
  evaluatedAt: timestamp('evaluated_at', { withTimezone: true }),
  asOf: date('as_of'),
  summary: jsonb('summary'),
});

/**
 * The figures of a tenant's last evaluation by posting (ministry and department), written with the
 * summary: a reviewer's summary is the sum of the postings their assignments reach, read through
 * the two indexes below rather than counted over the flags and records on every call.
 */
export const integrityPostingFigures = pgTable(
  'integrity_posting_figures',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    ministryId: uuid('ministry_id'),
    ministry: text('ministry'),
    departmentId: uuid('department_id'),
    /** {total, rules}: Figures of the posting's flagged records, and of each rule. */
    figures: jsonb('figures').notNull(),
  },
  (t) => [
    index('integrity_posting_figures_ministry_idx').on(t.tenantId, t.ministryId),
    index('integrity_posting_figures_department_idx').on(t.tenantId, t.departmentId),
  ],
);
