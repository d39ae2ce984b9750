-- Search by name, PSN or Work ID (issue #17, item 7; DECISIONS 52). Each record's search terms are
-- the words of its full name (lower case, without accents, punctuation as spaces but % _ and \ kept,
-- so that they never act as wildcards) and its PSN and Work ID whole (lower case, without spaces,
-- marked with a leading #), in the stored column search_terms with a GIN index (computed once per
-- written name: the index and the words' trigger read it, and a list's plan is on a plain column).
-- A query matches when each of its words starts a word of
-- the name, in any order, or when the whole query (without spaces) starts the PSN or the Work ID.
-- Core PostgreSQL only (PGlite loads no pg_trgm or unaccent by default). Only pg_catalog's functions
-- inside: PostgreSQL 17 evaluates an index's expression with a search path of pg_catalog alone
-- (CREATE INDEX, REINDEX, VACUUM). Plain ASCII names, most of them, skip the accent work.
CREATE FUNCTION record_search_terms(full_name text, psn text, employee_id text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(array_remove(array_remove(string_to_array(
    CASE WHEN full_name ~ '[^A-Za-z0-9 ]'
      THEN lower(regexp_replace(regexp_replace(normalize(full_name, NFKD),
        '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g'),
        '[][\s!"#$&''()*+,./:;<=>?@^`{|}~\u00a0\u00b7\u2010-\u2015\u2018-\u201f-]+', ' ', 'g'))
      ELSE lower(coalesce(full_name, '')) END
    || ' #' || lower(coalesce(psn, '')) || ' #' || lower(replace(coalesce(employee_id, ''), ' ', '')),
    ' '), ''), '#'))
$$;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "search_terms" tsvector
  GENERATED ALWAYS AS (record_search_terms("full_name", "psn", "employee_id")) STORED;--> statement-breakpoint
-- The distinct name words of each tenant: a query word is looked up here and becomes the exact words
-- it starts (GIN intersects exact words by skipping through their lists; a prefix (':*') makes it
-- gather every record of every word it starts first: 13 ms for 'chidi okonk' over 1,000,000
-- records). Kept by a statement trigger; a word no record has any more stays, and matches nothing.
CREATE TABLE "search_words" (
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "word" text COLLATE "C" NOT NULL,
  PRIMARY KEY ("tenant_id", "word")
);--> statement-breakpoint
CREATE FUNCTION records_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_words (tenant_id, word)
    SELECT DISTINCT n.tenant_id, w FROM new_rows n, unnest(tsvector_to_array(n.search_terms)) w
    WHERE w NOT LIKE '#%'
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_words (tenant_id, word)
    SELECT DISTINCT n.tenant_id, w FROM new_rows n JOIN old_rows o ON o.id = n.id,
      unnest(tsvector_to_array(n.search_terms)) w
    WHERE (n.full_name IS DISTINCT FROM o.full_name OR n.tenant_id IS DISTINCT FROM o.tenant_id)
      AND w NOT LIKE '#%'
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER records_search_words_insert AFTER INSERT ON records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION records_search_words();--> statement-breakpoint
CREATE TRIGGER records_search_words_update AFTER UPDATE ON records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION records_search_words();--> statement-breakpoint
INSERT INTO search_words (tenant_id, word)
SELECT DISTINCT r.tenant_id, w FROM records r, unnest(tsvector_to_array(r.search_terms)) w
WHERE w NOT LIKE '#%'
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The text search query of q for one tenant: each word of q (folded as names are) becomes the
-- tenant's words it starts, all of q's words required; or q without its spaces starts a PSN or Work
-- ID. A word that starts more than 64 words is searched as a prefix. Null when nothing can match.
-- Lexemes are quoted, so q's characters (' \ : & | ! % _) are taken literally.
CREATE FUNCTION record_search_query(q text, tenant uuid) RETURNS tsquery LANGUAGE plpgsql STABLE AS $$
DECLARE
  w text;
  found text[];
  words tsquery;
  term tsquery;
  no_word boolean := false;
  code text := lower(regexp_replace(q, '\s+', '', 'g'));
  quote text := '''%s''';
BEGIN
  FOREACH w IN ARRAY tsvector_to_array(record_search_terms(q, NULL, NULL)) LOOP
    found := ARRAY(SELECT s.word FROM search_words s
      WHERE s.tenant_id = tenant AND s.word >= w COLLATE "C" AND s.word < (w || chr(1114111)) COLLATE "C"
      ORDER BY s.word LIMIT 65);
    IF cardinality(found) = 0 THEN
      no_word := true;
      EXIT;
    ELSIF cardinality(found) > 64 THEN
      term := format(quote || ':*', replace(replace(w, '\', '\\'), '''', ''''''))::tsquery;
    ELSE
      SELECT string_agg(format(quote, replace(replace(f, '\', '\\'), '''', '''''')), ' | ')::tsquery
        INTO term FROM unnest(found) f;
    END IF;
    words := CASE WHEN words IS NULL THEN term ELSE words && term END;
  END LOOP;
  term := format(quote || ':*', replace(replace('#' || code, '\', '\\'), '''', ''''''))::tsquery;
  IF no_word OR words IS NULL THEN
    RETURN term;
  END IF;
  RETURN words || term;
END
$$;--> statement-breakpoint
CREATE INDEX "records_search_idx" ON "records" USING gin ("search_terms");
