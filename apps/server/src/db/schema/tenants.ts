import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp, uuid, uniqueIndex } from 'drizzle-orm/pg-core';

export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    subdomain: text('subdomain').notNull(),
    stateCode: text('state_code').notNull(),
    description: text('description'),
    /** Provider settings; secrets inside are encrypted (platform/secrets.ts), never sent to a browser. */
    identitySourceConfig: jsonb('identity_source_config'),
    /** The SMS gateway (issue #33): SMPP host, port, system id, sender id, the password sealed. */
    smsGatewayConfig: jsonb('sms_gateway_config'),
    /** The account name provider (issue #36): base URL, client id, the client secret sealed. */
    accountProviderConfig: jsonb('account_provider_config'),
    subscriptionStatus: text('subscription_status').notNull().default('TRIAL'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tenants_subdomain_key').on(sql`lower(${t.subdomain})`)],
);
