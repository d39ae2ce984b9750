-- The cross-tenant index (issue #36 item 4): every tenant's NINs, BVNs and bank accounts (bank code
-- and number) as HMAC-SHA-256 under the platform's key (platform/secrets.ts `crossTenant`, which no
-- tenant holds and the database never sees at rest), one row per record and identifier, for the
-- rule ON_ANOTHER_PAYROLL. No identifier in the clear. Platform-wide: its tenant column is not named
-- tenant_id (the tenants' policy would show each tenant its own rows); only the platform's context
-- reads or writes it, and RLS says so.
CREATE TABLE "cross_tenant_index" (
  -- No foreign key to records: its check would take a key-share lock on the record inside the
  -- index's sync, while a record update holding that record FOR UPDATE waits in its trigger for
  -- the sync's stale row: a deadlock (DECISIONS 263). Records are never deleted; a tenant's
  -- deletion takes its rows with it (the tenants' trigger below). No foreign key to tenants either:
  -- its check, row by row, was a quarter of the time a tenant's part of 3,000,000 digests took to
  -- build (issue #36, bench:accounts).
  "record_id" uuid NOT NULL,
  "kind" text NOT NULL CHECK ("kind" IN ('NIN', 'BVN', 'BANK_ACCOUNT')),
  "owner_tenant_id" uuid NOT NULL,
  "digest" bytea NOT NULL,
  -- The tenant first: a tenant's part is one range of the key (its sync and the rule read it by
  -- tenant), written there rather than at random pages of the whole index when it is built; it
  -- serves as the tenant's index too. A record's tenant never changes.
  PRIMARY KEY ("owner_tenant_id", "record_id", "kind")
);--> statement-breakpoint
-- The rule and the sync look identifiers up by digest (a digest names its kind: the kind is hashed with the value).
CREATE INDEX "cross_tenant_index_digest" ON "cross_tenant_index" ("digest", "owner_tenant_id");--> statement-breakpoint
-- The records whose identifiers or status changed since their tenant's index was last brought up
-- to date (written by the records' statement triggers below; the digests are computed by the
-- integrity evaluation, which holds the key). Record ids only.
CREATE TABLE "cross_tenant_stale" (
  "record_id" uuid PRIMARY KEY,
  -- No foreign key (checked row by row in every upload's statement trigger): the tenants' trigger below.
  "owner_tenant_id" uuid NOT NULL
);--> statement-breakpoint
CREATE INDEX "cross_tenant_stale_owner" ON "cross_tenant_stale" ("owner_tenant_id");--> statement-breakpoint
-- The fingerprint of the key the index was built under (never the key): a start under another key
-- (a PORTAL_SECRET rotation, a new CROSS_TENANT_KEY) empties the index and builds it again.
CREATE TABLE "cross_tenant_index_key" (
  "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
  "fingerprint" text NOT NULL
);--> statement-breakpoint
-- Not forced: the tenants' trigger below deletes a deleted tenant's rows as the owner, whatever
-- the deleting statement's context (the portal's role, which owns nothing, is held by the policy).
ALTER TABLE "cross_tenant_index" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY platform_only ON "cross_tenant_index" FOR ALL
  USING ((SELECT portal_platform())) WITH CHECK ((SELECT portal_platform()));--> statement-breakpoint
ALTER TABLE "cross_tenant_index_key" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "cross_tenant_index_key" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY platform_only ON "cross_tenant_index_key" FOR ALL
  USING ((SELECT portal_platform())) WITH CHECK ((SELECT portal_platform()));--> statement-breakpoint
-- Not forced: the triggers' function below writes it as its owner, from any tenant's statement.
ALTER TABLE "cross_tenant_stale" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY platform_only ON "cross_tenant_stale" FOR ALL
  USING ((SELECT portal_platform())) WITH CHECK ((SELECT portal_platform()));--> statement-breakpoint
-- One statement per records statement (the transition tables the other triggers already read):
-- inserted records with an identifier, and updated ones whose identifiers, bank, status or tenant
-- changed. Records are never deleted (a tenant's deletion empties its part through the foreign key).
CREATE FUNCTION records_cross_tenant_stale() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO cross_tenant_stale (record_id, owner_tenant_id)
    SELECT n.id, n.tenant_id FROM new_rows n
    WHERE n.nin IS NOT NULL OR n.bvn IS NOT NULL OR n.account_number IS NOT NULL
    ON CONFLICT (record_id) DO NOTHING;
  ELSE
    INSERT INTO cross_tenant_stale (record_id, owner_tenant_id)
    SELECT n.id, n.tenant_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.nin, n.bvn, n.bank, n.account_number, n.status, n.tenant_id)
      IS DISTINCT FROM (o.nin, o.bvn, o.bank, o.account_number, o.status, o.tenant_id)
    ON CONFLICT (record_id) DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER records_cross_tenant_stale_insert AFTER INSERT ON records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION records_cross_tenant_stale();--> statement-breakpoint
CREATE TRIGGER records_cross_tenant_stale_update AFTER UPDATE ON records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION records_cross_tenant_stale();--> statement-breakpoint
-- A tenant's deletion takes its part of the index and its stale marks with it (what ON DELETE
-- CASCADE did, without a foreign key checked on every row written).
CREATE FUNCTION tenants_cross_tenant_forget() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  -- After a sync under way (its lock): a tenant's part written by it is deleted too.
  PERFORM pg_advisory_xact_lock(hashtext('cross_tenant_index'));
  DELETE FROM cross_tenant_index WHERE owner_tenant_id = OLD.id;
  DELETE FROM cross_tenant_stale WHERE owner_tenant_id = OLD.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER tenants_cross_tenant_forget AFTER DELETE ON tenants
  FOR EACH ROW EXECUTE FUNCTION tenants_cross_tenant_forget();
