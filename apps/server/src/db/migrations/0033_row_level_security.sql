-- Row-level security (issue #18 item 11, DECISIONS 110-112). The portal connects as a role that
-- owns nothing and is not a superuser, a member of portal_app (or portal_app itself); migrations run
-- as the owner of the tables (DATABASE_OWNER_URL). Every table with a tenant_id column shows and
-- takes only the rows of the tenant of the connection's `app.tenant_id` (set by the pool from the
-- code's tenant context, platform/tenant-context.ts), or every row when it says 'platform'; without
-- one, none. FORCE: the owner is held by the policies too (the portal may still connect as the
-- owner where no second role exists). On PGlite (a superuser) this all runs and restricts nothing.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'portal_app') THEN
    BEGIN
      CREATE ROLE portal_app NOLOGIN;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE EXCEPTION 'the role portal_app does not exist and % may not create it: CREATE ROLE portal_app first (README, PostgreSQL)', current_user;
    END;
  END IF;
END $$;
--> statement-breakpoint
-- The tenant of the connection (null for none or for the platform) and whether it is the platform.
-- Read in the policies as (SELECT …): evaluated once per statement, not per row.
CREATE FUNCTION portal_tenant() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN s = 'platform' THEN NULL ELSE nullif(s, '')::uuid END
  FROM (SELECT current_setting('app.tenant_id', true) AS s) setting
$$;
--> statement-breakpoint
CREATE FUNCTION portal_platform() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('app.tenant_id', true) = 'platform', false)
$$;
--> statement-breakpoint
-- Every table of the schema with a tenant_id column gets RLS enabled and forced and the one policy;
-- migrate.ts calls this after every migration run, so a table added later cannot be forgotten.
CREATE FUNCTION portal_secure_tenant_tables() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
    WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id' AND tb.table_type = 'BASE TABLE'
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.table_name);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.table_name);
    IF NOT EXISTS (
      SELECT FROM pg_policies WHERE schemaname = 'public' AND tablename = t.table_name AND policyname = 'tenant_isolation'
    ) THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I FOR ALL '
        'USING ((SELECT portal_platform()) OR tenant_id = (SELECT portal_tenant())) '
        'WITH CHECK ((SELECT portal_platform()) OR tenant_id = (SELECT portal_tenant()))',
        t.table_name);
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
SELECT portal_secure_tenant_tables();
--> statement-breakpoint
-- A payroll file's contents and an export's members have no tenant_id of their own: they are seen
-- and written only with their export, whose policy decides (the sub-select runs under it).
ALTER TABLE export_chunks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE export_chunks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON export_chunks FOR ALL
  USING (EXISTS (SELECT FROM export_jobs j WHERE j.id = export_id))
  WITH CHECK (EXISTS (SELECT FROM export_jobs j WHERE j.id = export_id));
--> statement-breakpoint
ALTER TABLE export_members ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE export_members FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON export_members FOR ALL
  USING (EXISTS (SELECT FROM export_jobs j WHERE j.id = export_id))
  WITH CHECK (EXISTS (SELECT FROM export_jobs j WHERE j.id = export_id));
--> statement-breakpoint
-- ANALYZE needs the table's owner: the upload and the integrity rules ask for fresh statistics of
-- a few columns through this (owned by the owner, run with its rights, table and columns quoted).
CREATE FUNCTION portal_analyze(target regclass, columns text[] DEFAULT '{}') RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF cardinality(columns) = 0 THEN
    EXECUTE format('ANALYZE %s', target);
  ELSE
    EXECUTE format('ANALYZE %s (%s)', target, (SELECT string_agg(quote_ident(c), ', ') FROM unnest(columns) c));
  END IF;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION portal_analyze(regclass, text[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION portal_analyze(regclass, text[]) TO portal_app;
--> statement-breakpoint
-- What the portal may do: read and write rows (never DDL), on the tables of today and, through the
-- owner's default privileges, on those it creates later (its migrations, pg-boss's schema and its
-- queues' partitions, created by the owner at start).
GRANT USAGE ON SCHEMA public TO portal_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO portal_app;
--> statement-breakpoint
REVOKE ALL ON portal_migrations FROM portal_app;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO portal_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO portal_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO portal_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES GRANT USAGE ON SCHEMAS TO portal_app;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_namespace WHERE nspname = 'pgboss') THEN
    GRANT USAGE ON SCHEMA pgboss TO portal_app;
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO portal_app;
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA pgboss TO portal_app;
  END IF;
END $$;
--> statement-breakpoint
-- Under a policy, PostgreSQL uses a query's own condition as an index condition only when its
-- function is LEAKPROOF; the records' search (search_terms @@ tsquery, a GIN index) is not, and the
-- search would read every record of the tenant (0.14 ms → 154 ms at 200,000 records). A lexeme
-- match raises no error and has no side effect that depends on the row: a superuser may declare it
-- leakproof, and this does so when the owner is one (tests, PGlite). Otherwise a superuser runs this
-- statement once per database (README, DECISIONS 112).
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION pg_catalog.ts_match_vq(tsvector, tsquery) LEAKPROOF;
  ELSE
    RAISE WARNING 'ts_match_vq is not LEAKPROOF: as a superuser, ALTER FUNCTION pg_catalog.ts_match_vq(tsvector, tsquery) LEAKPROOF (README, PostgreSQL roles)';
  END IF;
END $$;
