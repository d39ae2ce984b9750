-- An account check's answers are checked against their records once per statement, not row by row
-- (as the records' own keys since 0020 and 0021; DECISIONS 282). The two keys took each record of
-- a chunk's answers FOR KEY SHARE, a lock written into every record's row: the check's commits
-- wrote three times the WAL and took twice as long. The statement trigger refuses an answer whose
-- record is not the tenant's; deleting a tenant deletes its answers with its records (the keys'
-- ON DELETE CASCADE; records are deleted nowhere else).
ALTER TABLE "account_checks" DROP CONSTRAINT IF EXISTS "account_checks_record_id_records_id_fk";--> statement-breakpoint
ALTER TABLE "account_checks" DROP CONSTRAINT IF EXISTS "account_checks_tenant_id_tenants_id_fk";--> statement-breakpoint
CREATE FUNCTION account_checks_check_records() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT n.record_id, n.tenant_id INTO bad FROM new_rows n
  WHERE NOT EXISTS (SELECT 1 FROM records r WHERE r.id = n.record_id AND r.tenant_id = n.tenant_id)
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'account check answer for record % of tenant %, which does not exist for it',
      bad.record_id, bad.tenant_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER account_checks_check_records_insert AFTER INSERT ON account_checks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_checks_check_records();--> statement-breakpoint
CREATE TRIGGER account_checks_check_records_update AFTER UPDATE ON account_checks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_checks_check_records();--> statement-breakpoint
CREATE OR REPLACE FUNCTION tenants_delete_records() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM account_checks WHERE tenant_id = OLD.id;
  DELETE FROM records WHERE tenant_id = OLD.id;
  DELETE FROM search_word_counts WHERE tenant_id = OLD.id;
  DELETE FROM record_queue_counts WHERE tenant_id = OLD.id;
  RETURN OLD;
END;
$$;
