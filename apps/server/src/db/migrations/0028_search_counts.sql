-- Search at 1,000,000 records (issue #17 item 7; migration 0023, DECISIONS 52).
--
-- 1. How many of the tenant's records have each name word, so that a search of one word that starts
-- one name word has its exact total without reading its records (a first name of 18,000 of
-- 1,000,000 records: 0.2 ms instead of 20 ms). Every state counts (the records list shows them all);
-- a record counts once for a word however often its name repeats it. The words' statement trigger
-- writes what each statement changes as rows of differences (a new record +1 for each of its words,
-- a renamed one -1 for the old words and +1 for the new, a deleted one -1): only inserts, so no
-- writer waits for another's count, and an upload of 1,000,000 records in 333 statements does not
-- update one row per word 333 times in one transaction (each update leaves a version the next must
-- step over: 2-3 times the words' trigger's cost at 100,000 records, growing with the upload). A
-- word's count is the sum of its rows; the upkeep after a large change (maintenance.repo.ts) sums
-- them into one row per word. No foreign key (a check per inserted row): deleting a tenant deletes
-- its rows (below).
CREATE TABLE "search_word_counts" (
  "tenant_id" uuid NOT NULL,
  "word" text COLLATE "C" NOT NULL,
  "n" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "search_word_counts_word_idx" ON "search_word_counts" ("tenant_id", "word") INCLUDE ("n");--> statement-breakpoint
INSERT INTO search_word_counts (tenant_id, word, n)
SELECT r.tenant_id, w, count(*)::int FROM records r, unnest(tsvector_to_array(r.search_terms)) w
WHERE w NOT LIKE '#%'
GROUP BY 1, 2;--> statement-breakpoint
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
    -- Only the records whose name (or tenant) changed: a change of state moves no word.
    WITH changed AS (
      SELECT n.tenant_id AS new_tenant, n.search_terms AS new_terms, o.tenant_id AS old_tenant,
        o.search_terms AS old_terms
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.full_name IS DISTINCT FROM o.full_name OR n.tenant_id IS DISTINCT FROM o.tenant_id
    ), d AS MATERIALIZED (
      SELECT tenant_id, w, sum(d)::int AS n FROM (
        SELECT new_tenant AS tenant_id, w, 1 AS d FROM changed, unnest(tsvector_to_array(new_terms)) w
        UNION ALL
        SELECT old_tenant, w, -1 FROM changed, unnest(tsvector_to_array(old_terms)) w
      ) c
      WHERE w NOT LIKE '#%'
      GROUP BY 1, 2 HAVING sum(d) <> 0
    ), words AS (
      INSERT INTO search_words (tenant_id, word) SELECT tenant_id, w FROM d WHERE n > 0 ON CONFLICT DO NOTHING
    )
    INSERT INTO search_word_counts (tenant_id, word, n) SELECT tenant_id, w, n FROM d;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER records_search_words_delete AFTER DELETE ON records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION records_search_words();--> statement-breakpoint
CREATE OR REPLACE FUNCTION tenants_delete_records() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM records WHERE tenant_id = OLD.id;
  DELETE FROM search_word_counts WHERE tenant_id = OLD.id;
  RETURN OLD;
END;
$$;--> statement-breakpoint
-- The exact number of the tenant's records that q finds, when the words' counts give it: q is one
-- word that starts exactly one name word some record has (at most 8 words looked at), whose count
-- it takes, plus the records whose PSN or Work ID q starts but whose name lacks that word (read
-- through the search index: at most 1,000, else null). Null for any other q: the caller counts.
CREATE FUNCTION record_search_total(q text, tenant uuid) RETURNS integer LANGUAGE plpgsql STABLE AS $$
DECLARE
  words text[] := tsvector_to_array(record_search_terms(q, NULL, NULL));
  found text[];
  counted text[];
  counts integer[];
  others integer;
  code text := lower(regexp_replace(q, '\s+', '', 'g'));
  quote text := '''%s''';
BEGIN
  IF cardinality(words) <> 1 THEN
    RETURN NULL;
  END IF;
  found := ARRAY(SELECT s.word FROM search_words s
    WHERE s.tenant_id = tenant AND s.word >= words[1] COLLATE "C" AND s.word < (words[1] || chr(1114111)) COLLATE "C"
    ORDER BY s.word LIMIT 9);
  IF cardinality(found) NOT BETWEEN 1 AND 8 THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(word), array_agg(n) INTO counted, counts FROM (
    SELECT c.word, sum(c.n)::int AS n FROM search_word_counts c
    WHERE c.tenant_id = tenant AND c.word = ANY (found)
    GROUP BY c.word HAVING sum(c.n) > 0
  ) w;
  IF cardinality(counted) IS DISTINCT FROM 1 THEN
    RETURN NULL;
  END IF;
  EXECUTE 'SELECT count(*)::int FROM (SELECT 1 FROM records WHERE tenant_id = $1 AND search_terms @@ $2 LIMIT 1001) r'
    INTO others
    USING tenant, (format(quote || ':*', replace(replace('#' || code, '\', '\\'), '''', ''''''))::tsquery)
      && !!(format(quote, replace(replace(counted[1], '\', '\\'), '''', ''''''))::tsquery);
  IF others > 1000 THEN
    RETURN NULL;
  END IF;
  RETURN counts[1] + others;
END
$$;--> statement-breakpoint
-- 2. The search index again, for the records in the states of the queues and of the not-found list
-- (30% of a list checked against the source of truth): a search there reads the surname's records
-- in those states only (about 1,000 of a surname's 3,500 at 1,000,000 records) before the
-- reviewer's scope and the filters are applied to them (records.repo.ts). Partial, so an upload's
-- new (UPLOADED) records and the VALIDATED ones do not pay for it.
CREATE INDEX "records_search_queue_idx" ON "records" USING gin ("search_terms")
  WHERE "status" IN ('PENDING_GRADE_VALIDATION', 'MISMATCHED', 'NOT_FOUND');
