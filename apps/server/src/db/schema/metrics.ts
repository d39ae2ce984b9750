import { date, doublePrecision, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The API's own request records, one row per minute (summed over processes). A row exists for
 * every minute some process was up (each process writes a heartbeat), which gives the uptime.
 */
export const requestMetrics = pgTable('request_metrics', {
  bucket: timestamp('bucket', { withTimezone: true }).primaryKey(),
  requests: integer('requests').notNull().default(0),
  serverErrors: integer('server_errors').notNull().default(0),
  totalMs: doublePrecision('total_ms').notNull().default(0),
});

/** Identity-provider lookups per tenant per day, for the platform overview. */
export const verificationCounts = pgTable(
  'verification_counts',
  {
    tenantId: uuid('tenant_id').notNull(),
    day: date('day').notNull(),
    lookups: integer('lookups').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] })],
);
