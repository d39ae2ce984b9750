-- The review queues' badge counts per posting (issue #23 item 5, DECISIONS 116): how many of a
-- tenant's records are in each queue state (PENDING_GRADE_VALIDATION, MISMATCHED) for each
-- (ministry, department). A reviewer's counts, or a queue's filtered by ministry or department, sum
-- the rows of their postings (a few hundred at most) instead of counting their records in the
-- indexes: the reviewer of two ministries and one department counted 21,800 + 6,600 index entries
-- per request at 1,000,000 records (8 ms of the request's 11 ms in PostgreSQL).
--
-- Kept exact by the record counts' statement triggers (migration 0004), as rows of differences (a
-- record entering a queue state +1 for its posting, one leaving it -1, a record moved to another
-- posting -1 and +1), as the name words' counts are (migration 0028): only inserts, so no writer
-- waits for another's count and a long transaction does not update one row many times. A posting's
-- count is the sum of its rows; the upkeep after a large change (maintenance.repo.ts) sums them
-- into one row per posting and state. New uploads (UPLOADED) and the other states write no row.
-- No foreign key (a check per inserted row): deleting a tenant deletes its rows (below).
CREATE TABLE "record_queue_counts" (
  "tenant_id" uuid NOT NULL,
  "status" text NOT NULL,
  "ministry_id" uuid,
  "department_id" uuid,
  "n" integer NOT NULL
);--> statement-breakpoint
-- A reviewer's sum reads the rows of their ministries from the first index, those of their
-- departments outside them from the second (records.repo.ts), not every row of the tenant.
CREATE INDEX "record_queue_counts_ministry_idx" ON "record_queue_counts" ("tenant_id", "status", "ministry_id") INCLUDE ("department_id", "n");--> statement-breakpoint
CREATE INDEX "record_queue_counts_department_idx" ON "record_queue_counts" ("tenant_id", "status", "department_id") INCLUDE ("ministry_id", "n");--> statement-breakpoint
INSERT INTO record_queue_counts (tenant_id, status, ministry_id, department_id, n)
SELECT tenant_id, status, ministry_id, department_id, count(*)::int FROM records
WHERE status IN ('PENDING_GRADE_VALIDATION', 'MISMATCHED')
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_counts (tenant_id, status, sot_verified, n)
    SELECT tenant_id, status, sot_verified, count(*) FROM new_rows GROUP BY 1, 2, 3
  ON CONFLICT (tenant_id, status, sot_verified) DO UPDATE SET n = record_counts.n + excluded.n;
  INSERT INTO record_queue_counts (tenant_id, status, ministry_id, department_id, n)
    SELECT tenant_id, status, ministry_id, department_id, count(*)::int FROM new_rows
    WHERE status IN ('PENDING_GRADE_VALIDATION', 'MISMATCHED')
    GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_counts_subtract() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE record_counts c SET n = c.n - o.n
    FROM (SELECT tenant_id, status, sot_verified, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) o
    WHERE c.tenant_id = o.tenant_id AND c.status = o.status AND c.sot_verified = o.sot_verified;
  INSERT INTO record_queue_counts (tenant_id, status, ministry_id, department_id, n)
    SELECT tenant_id, status, ministry_id, department_id, -count(*)::int FROM old_rows
    WHERE status IN ('PENDING_GRADE_VALIDATION', 'MISMATCHED')
    GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE record_counts c SET n = c.n - o.n
    FROM (SELECT tenant_id, status, sot_verified, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) o
    WHERE c.tenant_id = o.tenant_id AND c.status = o.status AND c.sot_verified = o.sot_verified;
  INSERT INTO record_counts (tenant_id, status, sot_verified, n)
    SELECT tenant_id, status, sot_verified, count(*) FROM new_rows GROUP BY 1, 2, 3
  ON CONFLICT (tenant_id, status, sot_verified) DO UPDATE SET n = record_counts.n + excluded.n;
  -- Only what moved: a record that stays in its queue state and posting adds +1 and -1, dropped.
  INSERT INTO record_queue_counts (tenant_id, status, ministry_id, department_id, n)
    SELECT tenant_id, status, ministry_id, department_id, sum(d)::int FROM (
      SELECT tenant_id, status, ministry_id, department_id, 1 AS d FROM new_rows
      WHERE status IN ('PENDING_GRADE_VALIDATION', 'MISMATCHED')
      UNION ALL
      SELECT tenant_id, status, ministry_id, department_id, -1 FROM old_rows
      WHERE status IN ('PENDING_GRADE_VALIDATION', 'MISMATCHED')
    ) c
    GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION tenants_delete_records() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM records WHERE tenant_id = OLD.id;
  DELETE FROM search_word_counts WHERE tenant_id = OLD.id;
  DELETE FROM record_queue_counts WHERE tenant_id = OLD.id;
  RETURN OLD;
END;
$$;
