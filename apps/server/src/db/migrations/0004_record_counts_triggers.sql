-- record_counts stays exact: statement-level triggers with transition tables add and subtract whole
-- groups per statement, so a 1,000,000-row upload costs one grouped update, not a million.
CREATE FUNCTION record_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_counts (tenant_id, status, sot_verified, n)
    SELECT tenant_id, status, sot_verified, count(*) FROM new_rows GROUP BY 1, 2, 3
  ON CONFLICT (tenant_id, status, sot_verified) DO UPDATE SET n = record_counts.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION record_counts_subtract() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE record_counts c SET n = c.n - o.n
    FROM (SELECT tenant_id, status, sot_verified, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) o
    WHERE c.tenant_id = o.tenant_id AND c.status = o.status AND c.sot_verified = o.sot_verified;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION record_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE record_counts c SET n = c.n - o.n
    FROM (SELECT tenant_id, status, sot_verified, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) o
    WHERE c.tenant_id = o.tenant_id AND c.status = o.status AND c.sot_verified = o.sot_verified;
  INSERT INTO record_counts (tenant_id, status, sot_verified, n)
    SELECT tenant_id, status, sot_verified, count(*) FROM new_rows GROUP BY 1, 2, 3
  ON CONFLICT (tenant_id, status, sot_verified) DO UPDATE SET n = record_counts.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER records_counts_insert AFTER INSERT ON records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_add();
--> statement-breakpoint
CREATE TRIGGER records_counts_delete AFTER DELETE ON records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_subtract();
--> statement-breakpoint
CREATE TRIGGER records_counts_update AFTER UPDATE ON records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_move();
