-- Search by name, PSN or Work ID (issue #17, item 7): a GIN index over each record's search terms,
-- the words of its full name (lower case, without accents, punctuation as spaces, but % _ and \ kept
-- as they are, so that they never act as wildcards) and its PSN and Work ID whole (lower case,
-- without spaces). A query matches when each of its words starts a word of the record, in any
-- order, or when the whole query (without spaces) starts the PSN or the Work ID.
-- Core PostgreSQL only (PGlite has no pg_trgm or unaccent without loading them); names in plain
-- ASCII, most of them, skip the accent and punctuation work.
-- Only pg_catalog's functions inside: PostgreSQL 17 evaluates an index's expression with a search
-- path of pg_catalog alone (CREATE INDEX, REINDEX, VACUUM).
CREATE FUNCTION record_search_terms(full_name text, psn text, employee_id text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(array_remove(string_to_array(
    CASE WHEN full_name ~ '[^A-Za-z0-9 ]'
      THEN lower(regexp_replace(regexp_replace(normalize(full_name, NFKD),
        '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g'),
        '[][\s!"#$&''()*+,./:;<=>?@^`{|}~\u00a0\u00b7\u2010-\u2015\u2018-\u201f-]+', ' ', 'g'))
      ELSE lower(coalesce(full_name, '')) END
    || ' ' || lower(coalesce(psn, '')) || ' ' || lower(replace(coalesce(employee_id, ''), ' ', '')), ' '), ''))
$$;--> statement-breakpoint
-- Each word of q as a prefix (all of them), or q without its spaces as a prefix of a PSN or Work ID.
-- Lexemes are quoted, so q's characters (' \ : & | ! % _) are taken literally.
CREATE FUNCTION record_search_query(q text) RETURNS tsquery LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  w text;
  words tsquery;
  code text := lower(regexp_replace(q, '\s+', '', 'g'));
  lexeme text;
BEGIN
  -- q's words folded as the names are (record_search_terms of q as a name).
  FOREACH w IN ARRAY tsvector_to_array(record_search_terms(q, NULL, NULL)) LOOP
    lexeme := '''' || replace(replace(w, '\', '\\'), '''', '''''') || ''':*';
    words := CASE WHEN words IS NULL THEN lexeme::tsquery ELSE words && lexeme::tsquery END;
  END LOOP;
  lexeme := '''' || replace(replace(code, '\', '\\'), '''', '''''') || ''':*';
  IF words IS NULL OR words = lexeme::tsquery THEN
    RETURN lexeme::tsquery;
  END IF;
  RETURN words || lexeme::tsquery;
END
$$;--> statement-breakpoint
CREATE INDEX "records_search_idx" ON "records" USING gin (record_search_terms("full_name", "psn", "employee_id"));
