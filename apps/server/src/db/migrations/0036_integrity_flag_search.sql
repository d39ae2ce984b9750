-- The flags list's search (issue #17 item 7; DECISIONS 119, 120, 125): each flag carries its
-- record's search terms, a copy of records.search_terms (the value migration 0023's
-- record_search_terms computes from the name, PSN and Work ID; the rules stay there), with a GIN
-- index of its own. A search then reads the flags it finds (153 for a surname's start at 1,000,000
-- records and 49,680 open flags) instead of every record it finds (3,538), each probed for flags.
-- The copy is written with the flag: the rules' merge (rules.repo.ts) inserts its record's terms
-- and refreshes an OPEN flag's copy that differs (a record renamed while the run raising its flag
-- was under way, a flag the records' trigger below could not see yet, is right again after the
-- run the rename asked for). It is kept in step here: the records' words trigger (0023, 0028) also
-- rewrites the copy on the flags of every record whose name, PSN or Work ID an UPDATE changed,
-- whatever wrote it (an upload, an edit, the resolution of a mismatch, psql). NOT NULL: a writer
-- that forgot it fails instead of hiding a flag from the search.
ALTER TABLE "integrity_flags" ADD COLUMN "search_terms" tsvector;--> statement-breakpoint
UPDATE integrity_flags f SET search_terms = r.search_terms FROM records r WHERE r.id = f.record_id;--> statement-breakpoint
ALTER TABLE "integrity_flags" ALTER COLUMN "search_terms" SET NOT NULL;--> statement-breakpoint
-- Without a pending list (fastupdate): a search never scans one (the manual ANALYZE the rules'
-- steps run does not empty it). Writes pay instead, and they are few: a run after a tenant's first
-- raises few new flags (the first, 49,680 flags at 1,000,000 records, about 0.5 s more).
CREATE INDEX "integrity_flags_search_idx" ON "integrity_flags" USING gin ("search_terms") WITH (fastupdate = off);--> statement-breakpoint
CREATE OR REPLACE FUNCTION records_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS MATERIALIZED (
      SELECT r.tenant_id, w, count(*)::int AS n FROM new_rows r, unnest(tsvector_to_array(r.search_terms)) w
      WHERE w NOT LIKE '#%'
      GROUP BY 1, 2
    ), words AS (
      INSERT INTO search_words (tenant_id, word) SELECT tenant_id, w FROM d ON CONFLICT DO NOTHING
    )
    INSERT INTO search_word_counts (tenant_id, word, n) SELECT tenant_id, w, n FROM d;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_word_counts (tenant_id, word, n)
    SELECT r.tenant_id, w, -count(*)::int FROM old_rows r, unnest(tsvector_to_array(r.search_terms)) w
    WHERE w NOT LIKE '#%'
    GROUP BY 1, 2;
  ELSE
    -- Only the records whose search terms (name, PSN, Work ID) or tenant changed: a change of state
    -- moves no word and no flag's copy. The words move only with the name (or the tenant).
    WITH changed AS MATERIALIZED (
      SELECT n.id, n.tenant_id AS new_tenant, n.search_terms AS new_terms, o.tenant_id AS old_tenant,
        o.search_terms AS old_terms,
        n.full_name IS DISTINCT FROM o.full_name OR n.tenant_id IS DISTINCT FROM o.tenant_id AS renamed
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.full_name IS DISTINCT FROM o.full_name OR n.tenant_id IS DISTINCT FROM o.tenant_id
        OR n.psn IS DISTINCT FROM o.psn OR n.employee_id IS DISTINCT FROM o.employee_id
    ), d AS MATERIALIZED (
      SELECT tenant_id, w, sum(d)::int AS n FROM (
        SELECT new_tenant AS tenant_id, w, 1 AS d FROM changed, unnest(tsvector_to_array(new_terms)) w
        WHERE renamed
        UNION ALL
        SELECT old_tenant, w, -1 FROM changed, unnest(tsvector_to_array(old_terms)) w
        WHERE renamed
      ) c
      WHERE w NOT LIKE '#%'
      GROUP BY 1, 2 HAVING sum(d) <> 0
    ), words AS (
      INSERT INTO search_words (tenant_id, word) SELECT tenant_id, w FROM d WHERE n > 0 ON CONFLICT DO NOTHING
    ), flags AS (
      -- The flags' copy (above), decided flags too: the list searches them when asked for.
      UPDATE integrity_flags f SET search_terms = c.new_terms FROM changed c
      WHERE f.tenant_id = c.old_tenant AND f.record_id = c.id AND f.search_terms IS DISTINCT FROM c.new_terms
    )
    INSERT INTO search_word_counts (tenant_id, word, n) SELECT tenant_id, w, n FROM d;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
ANALYZE integrity_flags;
