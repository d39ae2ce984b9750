-- The separations list's and the salary table's rows lose their two foreign keys per row, as the
-- records' did (0020, 0021) and the nominal roll never had (0051): an upload writes up to 1,000,000
-- rows, and the two keys ran two lookups (and locks) for each, a quarter of a 100,000-row upsert.
-- Instead, each statement that writes them checks its (tenant, upload) pairs once: the upload must
-- exist for the row's own tenant (stricter than the keys, which let a row name another tenant's
-- upload); the upload is locked as the key locked it (FOR KEY SHARE), so neither the upload nor,
-- through its own key, the tenant can go before the transaction ends.
ALTER TABLE "salary_table" DROP CONSTRAINT "salary_table_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "salary_table" DROP CONSTRAINT "salary_table_upload_id_hr_list_uploads_id_fk";
--> statement-breakpoint
ALTER TABLE "separations" DROP CONSTRAINT "separations_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "separations" DROP CONSTRAINT "separations_upload_id_hr_list_uploads_id_fk";
--> statement-breakpoint
CREATE FUNCTION hr_list_rows_check_upload() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pair record;
BEGIN
  -- One pass over the statement's rows; an upload writes one pair.
  FOR pair IN SELECT DISTINCT tenant_id, upload_id FROM new_rows LOOP
    PERFORM 1 FROM hr_list_uploads u WHERE u.id = pair.upload_id AND u.tenant_id = pair.tenant_id FOR KEY SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION '% row names upload % that tenant % does not have', TG_TABLE_NAME, pair.upload_id,
        pair.tenant_id USING ERRCODE = 'foreign_key_violation';
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER separations_check_upload_insert AFTER INSERT ON separations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_list_rows_check_upload();
--> statement-breakpoint
CREATE TRIGGER separations_check_upload_update AFTER UPDATE ON separations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_list_rows_check_upload();
--> statement-breakpoint
CREATE TRIGGER salary_table_check_upload_insert AFTER INSERT ON salary_table
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_list_rows_check_upload();
--> statement-breakpoint
CREATE TRIGGER salary_table_check_upload_update AFTER UPDATE ON salary_table
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_list_rows_check_upload();
--> statement-breakpoint
-- An upload that rows still name cannot be deleted (what the upload key's NO ACTION did); nothing
-- deletes one but its tenant's deletion, which takes the rows too. After the row is gone, so that
-- rows committed while it waited count.
CREATE FUNCTION hr_list_uploads_refuse_delete_in_use() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM tenants t WHERE t.id = OLD.tenant_id) THEN
    RETURN NULL; -- the tenant is being deleted, and its lists with it
  END IF;
  IF EXISTS (SELECT 1 FROM separations s WHERE s.tenant_id = OLD.tenant_id AND s.upload_id = OLD.id)
     OR EXISTS (SELECT 1 FROM salary_table s WHERE s.tenant_id = OLD.tenant_id AND s.upload_id = OLD.id) THEN
    RAISE EXCEPTION 'hr_list_upload % still has rows', OLD.id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER hr_list_uploads_refuse_delete_in_use AFTER DELETE ON hr_list_uploads
  FOR EACH ROW EXECUTE FUNCTION hr_list_uploads_refuse_delete_in_use();
--> statement-breakpoint
-- A tenant's HR lists go with the tenant, the roll's rows as before (0051) and now the separations'
-- and the salary table's. AFTER the tenant's row is deleted rather than before: a list upload
-- running meanwhile holds the tenant (its history row's key) until it commits, and only a
-- statement run after that wait sees the rows it wrote (before, they would have been left behind).
DROP TRIGGER tenants_delete_nominal_roll ON tenants;
--> statement-breakpoint
DROP FUNCTION tenants_delete_nominal_roll();
--> statement-breakpoint
CREATE FUNCTION tenants_delete_hr_lists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM nominal_roll WHERE tenant_id = OLD.id;
  DELETE FROM separations WHERE tenant_id = OLD.id;
  DELETE FROM salary_table WHERE tenant_id = OLD.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tenants_delete_hr_lists AFTER DELETE ON tenants
  FOR EACH ROW EXECUTE FUNCTION tenants_delete_hr_lists();
