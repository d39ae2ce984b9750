import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Request-rate counters shared by every API process (migration 0039, platform/rate-limit.ts). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limits_window_start_idx').on(t.windowStart)],
);
