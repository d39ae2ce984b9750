-- The record's tenant joins its ministry and department in the per-statement check (0020): the
-- tenant key ran one more lookup for every row an upload wrote. The statement trigger locks the
-- statement's tenants (FOR KEY SHARE, as the key did) and refuses a record whose tenant does not
-- exist; deleting a tenant deletes its records first (the key's ON DELETE CASCADE).
ALTER TABLE "records" DROP CONSTRAINT IF EXISTS "records_tenant_id_tenants_id_fk";--> statement-breakpoint
CREATE OR REPLACE FUNCTION records_check_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  PERFORM 1 FROM tenants t WHERE t.id IN (SELECT DISTINCT tenant_id FROM new_rows) FOR KEY SHARE;
  PERFORM 1 FROM ministries m WHERE m.id IN (SELECT DISTINCT ministry_id FROM new_rows) FOR KEY SHARE;
  PERFORM 1 FROM departments d WHERE d.id IN (SELECT DISTINCT department_id FROM new_rows) FOR KEY SHARE;
  SELECT n.id, n.tenant_id, n.ministry_id, n.department_id INTO bad FROM new_rows n
  WHERE NOT EXISTS (SELECT 1 FROM tenants t WHERE t.id = n.tenant_id)
     OR (n.ministry_id IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM ministries m WHERE m.id = n.ministry_id AND m.tenant_id = n.tenant_id))
     OR (n.department_id IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM departments d WHERE d.id = n.department_id AND d.tenant_id = n.tenant_id))
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'record % names tenant %, ministry % or department % that does not exist for it',
      bad.id, bad.tenant_id, bad.ministry_id, bad.department_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION tenants_delete_records() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM records WHERE tenant_id = OLD.id;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER tenants_delete_records BEFORE DELETE ON tenants
  FOR EACH ROW EXECUTE FUNCTION tenants_delete_records();
