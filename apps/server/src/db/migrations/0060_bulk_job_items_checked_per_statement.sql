-- A job's items are checked against their job once per statement, not row by row (as the account
-- check's answers in 0059; DECISIONS 283). The key to bulk_jobs ran a lookup of the job for every
-- item listed: listing 100,000 items took 962 ms with it and 477 ms without (PostgreSQL 15), all
-- before the job's first lookup. The statement trigger refuses an item whose job the connection
-- cannot see (SQLSTATE 23503, as the key did); deleting a tenant deletes its jobs' items first
-- (the key's ON DELETE CASCADE; jobs are deleted nowhere but with their tenant).
ALTER TABLE "bulk_job_items" DROP CONSTRAINT IF EXISTS "bulk_job_items_job_id_bulk_jobs_id_fk";--> statement-breakpoint
CREATE FUNCTION bulk_job_items_check_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad uuid;
BEGIN
  SELECT n.job_id INTO bad FROM (SELECT DISTINCT job_id FROM new_rows) n
  WHERE NOT EXISTS (SELECT 1 FROM bulk_jobs j WHERE j.id = n.job_id)
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'bulk job item for job %, which does not exist', bad
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER bulk_job_items_check_jobs_insert AFTER INSERT ON bulk_job_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bulk_job_items_check_jobs();--> statement-breakpoint
CREATE TRIGGER bulk_job_items_check_jobs_update AFTER UPDATE ON bulk_job_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bulk_job_items_check_jobs();--> statement-breakpoint
CREATE OR REPLACE FUNCTION tenants_delete_records() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM bulk_job_items i USING bulk_jobs j WHERE j.id = i.job_id AND j.tenant_id = OLD.id;
  DELETE FROM account_checks WHERE tenant_id = OLD.id;
  DELETE FROM records WHERE tenant_id = OLD.id;
  DELETE FROM search_word_counts WHERE tenant_id = OLD.id;
  DELETE FROM record_queue_counts WHERE tenant_id = OLD.id;
  RETURN OLD;
END;
$$;
