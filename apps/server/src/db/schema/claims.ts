import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';
import { users } from './users.ts';
import { records } from './records.ts';

/**
 * One attempt to claim an account for a record. The id handed out is a random token; only its
 * SHA-256 is stored. Single use, expires after 15 minutes.
 */
export const claims = pgTable(
  'claims',
  {
    tokenHash: text('token_hash').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    nextStep: text('next_step').notNull(),
    psnPassedAt: timestamp('psn_passed_at', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    assistedBy: uuid('assisted_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * The consent statement accepted before the identity check (issue #22, NDPA 2023): its version,
     * when and from which address. The agent, if any, is assisted_by.
     */
    consentVersion: text('consent_version'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentAddress: text('consent_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('claims_record_idx').on(t.recordId)],
);

/**
 * The PSN guesses of a record, across all of its claims (public or an agent's): wrong PSNs since
 * the last hold or right PSN, and the hold that too many of them put on the record's claims.
 */
export const claimHolds = pgTable('claim_holds', {
  recordId: uuid('record_id')
    .primaryKey()
    .references(() => records.id, { onDelete: 'cascade' }),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  heldUntil: timestamp('held_until', { withTimezone: true }),
});
