-- The cross-tenant index built from nothing in one pass (issue #36 item 4, DECISIONS 284): after a
-- start under another key (or the first start), the first sync writes every tenant's digests into a
-- new table in one statement, which PostgreSQL computes in parallel (an INSERT never is), builds
-- its two B-trees after, sorted, and puts it in the index's place; the index was built tenant by
-- tenant into B-trees kept up row by row (3 × 1,000,000 records: 9,000,000 digests, 146 s idle).
--
-- `built` says whether the index holds every tenant's digests under the fingerprint's key: a start
-- under another key sets it false (the old digests stay, consistent among themselves, until the
-- rebuild replaces them); the rebuild sets it true.
ALTER TABLE "cross_tenant_index_key" ADD COLUMN "built" boolean NOT NULL DEFAULT true;--> statement-breakpoint
-- The one home of which identifiers of a record the index holds and how each is digested: its NIN,
-- its BVN and its account (the bank's key from `banks`, the bank names of the records to their CBN
-- code or folded name, computed by the portal's bank-key.ts, a colon and the number), each as
-- HMAC-SHA-256 of `kind:value` under the platform key, from core sha256() and the key's two padded
-- blocks (cross-tenant-key.ts; passed by each statement, never stored). Inlined by the planner.
CREATE FUNCTION cross_tenant_entries(
  nin text, bvn text, bank text, account_number text, banks jsonb, ipad bytea, opad bytea
) RETURNS TABLE (kind text, digest bytea)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT x.kind, sha256(opad || sha256(ipad || convert_to(x.kind || ':' || x.value, 'UTF8')))
  FROM (VALUES ('NIN', nin), ('BVN', bvn), ('BANK_ACCOUNT', (banks ->> bank) || ':' || account_number)) x(kind, value)
  WHERE x.value IS NOT NULL AND x.value <> ''
$$;--> statement-breakpoint
-- The rebuild itself: DDL needs the table's owner, which the portal's role is not, so it runs as the
-- owner, in the platform's context only (a tenant's statement is refused; PGlite's one role, a
-- superuser that row-level security does not hold, sets no context). The new table takes the old
-- one's place with its constraints, B-trees, policy and grants as 0057 made them; a statement
-- waiting for the old one reads the new one. `counted`: the statuses whose records the index holds
-- (record-state's INTEGRITY_JUDGED). Answers the number of digests.
CREATE FUNCTION cross_tenant_index_rebuild(ipad bytea, opad bytea, banks jsonb, counted text[]) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  n bigint;
BEGIN
  IF NOT (portal_platform() OR (SELECT rolsuper FROM pg_roles WHERE rolname = session_user)) THEN
    RAISE EXCEPTION 'the cross-tenant index is rebuilt in the platform''s context only'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  -- The planner's costs would keep this statement on one core: each row's two SHA-256 are costed
  -- as one operator, and passing 9,000,000 rows from the workers as too dear.
  PERFORM set_config('parallel_setup_cost', '0', true);
  PERFORM set_config('parallel_tuple_cost', '0.0001', true);
  -- Each B-tree sorted in memory rather than in runs on disk (9,000,000 digests).
  PERFORM set_config('maintenance_work_mem', '512MB', true);
  DROP TABLE IF EXISTS public.cross_tenant_index_next;
  CREATE TABLE public.cross_tenant_index_next AS
    SELECT r.id AS record_id, x.kind, r.tenant_id AS owner_tenant_id, x.digest
    FROM records r
    CROSS JOIN LATERAL cross_tenant_entries(r.nin, r.bvn, r.bank, r.account_number, banks, ipad, opad) x
    WHERE r.status::text = ANY (counted);
  GET DIAGNOSTICS n = ROW_COUNT;
  DROP TABLE public.cross_tenant_index;
  ALTER TABLE public.cross_tenant_index_next RENAME TO cross_tenant_index;
  ALTER TABLE public.cross_tenant_index
    ALTER COLUMN digest SET NOT NULL,
    ADD CONSTRAINT cross_tenant_index_kind_check CHECK (kind IN ('NIN', 'BVN', 'BANK_ACCOUNT')),
    ADD CONSTRAINT cross_tenant_index_pkey PRIMARY KEY (owner_tenant_id, record_id, kind);
  CREATE INDEX cross_tenant_index_digest ON public.cross_tenant_index (digest, owner_tenant_id);
  ALTER TABLE public.cross_tenant_index ENABLE ROW LEVEL SECURITY;
  CREATE POLICY platform_only ON public.cross_tenant_index FOR ALL
    USING ((SELECT portal_platform())) WITH CHECK ((SELECT portal_platform()));
  GRANT SELECT, INSERT, UPDATE, DELETE ON public.cross_tenant_index TO portal_app;
  -- Statistics of the whole index, for the syncs' and the rule's joins that follow.
  ANALYZE public.cross_tenant_index;
  RETURN n;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION cross_tenant_index_rebuild(bytea, bytea, jsonb, text[]) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION cross_tenant_index_rebuild(bytea, bytea, jsonb, text[]) TO portal_app;
