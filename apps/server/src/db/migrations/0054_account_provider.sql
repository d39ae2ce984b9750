-- The account name provider of a tenant (issue #36 item 2): where the portal asks in which name a
-- bank account is held (the name-enquiry protocol). Stored like the identity provider's settings:
-- {apiBaseUrl, clientId, clientSecret}, the secret sealed (platform/secrets.ts) and re-sealed at a
-- PORTAL_SECRET rotation (tenants/reseal-secrets.ts). Null: none set.
ALTER TABLE "tenants" ADD COLUMN "account_provider_config" jsonb;
