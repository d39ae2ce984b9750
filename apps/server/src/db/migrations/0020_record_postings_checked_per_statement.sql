-- A record's ministry and department are checked once per statement instead of once per row.
-- The two foreign keys ran two lookups for every row an upload wrote (0.55 s of a 100,000-row
-- upload); the statement trigger below checks all the statement's rows with one join each, and
-- more strictly: the ministry and department must belong to the record's own tenant. Like a
-- foreign key it locks what it found (FOR KEY SHARE) until the transaction ends, and a ministry or
-- department that records still name cannot be deleted (unless its tenant is being deleted,
-- whose records go with it through records_tenant_id_tenants_id_fk).
ALTER TABLE "records" DROP CONSTRAINT IF EXISTS "records_ministry_id_ministries_id_fk";--> statement-breakpoint
ALTER TABLE "records" DROP CONSTRAINT IF EXISTS "records_department_id_departments_id_fk";--> statement-breakpoint
CREATE FUNCTION records_check_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  PERFORM 1 FROM ministries m WHERE m.id IN (SELECT DISTINCT ministry_id FROM new_rows) FOR KEY SHARE;
  PERFORM 1 FROM departments d WHERE d.id IN (SELECT DISTINCT department_id FROM new_rows) FOR KEY SHARE;
  SELECT n.id, n.ministry_id, n.department_id INTO bad FROM new_rows n
  WHERE (n.ministry_id IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM ministries m WHERE m.id = n.ministry_id AND m.tenant_id = n.tenant_id))
     OR (n.department_id IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM departments d WHERE d.id = n.department_id AND d.tenant_id = n.tenant_id))
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'record % names ministry % or department % that its tenant does not have',
      bad.id, bad.ministry_id, bad.department_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER records_postings_insert AFTER INSERT ON records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION records_check_postings();--> statement-breakpoint
CREATE TRIGGER records_postings_update AFTER UPDATE ON records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION records_check_postings();--> statement-breakpoint
CREATE FUNCTION postings_refuse_delete_in_use() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- After the row is gone (and any lock on it was waited for), so records committed meanwhile count.
  IF NOT EXISTS (SELECT 1 FROM tenants t WHERE t.id = OLD.tenant_id) THEN
    RETURN NULL; -- the tenant is being deleted, and its records with it
  END IF;
  IF TG_TABLE_NAME = 'ministries' THEN
    PERFORM 1 FROM records r WHERE r.tenant_id = OLD.tenant_id AND r.ministry_id = OLD.id LIMIT 1;
  ELSE
    PERFORM 1 FROM records r WHERE r.tenant_id = OLD.tenant_id AND r.department_id = OLD.id LIMIT 1;
  END IF;
  IF FOUND THEN
    RAISE EXCEPTION '% % still has records', TG_TABLE_NAME, OLD.id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ministries_refuse_delete_in_use AFTER DELETE ON ministries
  FOR EACH ROW EXECUTE FUNCTION postings_refuse_delete_in_use();--> statement-breakpoint
CREATE TRIGGER departments_refuse_delete_in_use AFTER DELETE ON departments
  FOR EACH ROW EXECUTE FUNCTION postings_refuse_delete_in_use();
