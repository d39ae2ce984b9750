import { sql } from 'drizzle-orm';
import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/**
 * A tenant's settings object (GET/PUT /tenant-admin/settings): one JSON document per tenant, read
 * through the contract's TenantSettingsSchema, which fills the defaults (issue #21: the integrity
 * rules' thresholds and switches; issue #22 adds the second approver).
 */
export const tenantSettings = pgTable('tenant_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  settings: jsonb('settings')
    .notNull()
    .default(sql`'{}'::jsonb`),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
