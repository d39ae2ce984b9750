-- Issue #35: the nominal roll, HR's list of who works where. nominal_roll holds its rows (one per
-- person and ministry; no key per row, as the records' tenant key of 0021: an upload writes up to
-- 1,000,000), nominal_roll_ministries the ministries that have a roll, as of when and from which
-- upload. A ministry is its name's ministry_key(), so a ministry the master list does not know is
-- kept by name. Row-level security comes with tenant_id, as for every table.
CREATE TABLE "nominal_roll" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"ministry_key" text NOT NULL,
	"psn" text,
	"nin" text,
	"full_name" text NOT NULL,
	"department" text,
	"grade_level" text,
	CONSTRAINT "nominal_roll_person_check" CHECK ("nominal_roll"."psn" is not null or "nominal_roll"."nin" is not null)
);
--> statement-breakpoint
CREATE TABLE "nominal_roll_ministries" (
	"tenant_id" uuid NOT NULL,
	"ministry_key" text NOT NULL,
	"ministry" text NOT NULL,
	"as_of" date NOT NULL,
	"upload_id" uuid NOT NULL,
	"row_count" integer NOT NULL,
	"not_on_payroll" integer,
	CONSTRAINT "nominal_roll_ministries_tenant_id_ministry_key_pk" PRIMARY KEY("tenant_id","ministry_key")
);
--> statement-breakpoint
ALTER TABLE "nominal_roll_ministries" ADD CONSTRAINT "nominal_roll_ministries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nominal_roll_ministries" ADD CONSTRAINT "nominal_roll_ministries_upload_id_hr_list_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."hr_list_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nominal_roll_tenant_ministry_idx" ON "nominal_roll" USING btree ("tenant_id","ministry_key","id");--> statement-breakpoint
CREATE INDEX "nominal_roll_tenant_psn_idx" ON "nominal_roll" USING btree ("tenant_id","psn") WHERE "nominal_roll"."psn" is not null;--> statement-breakpoint
CREATE INDEX "nominal_roll_tenant_nin_idx" ON "nominal_roll" USING btree ("tenant_id","nin") WHERE "nominal_roll"."nin" is not null;--> statement-breakpoint
-- A ministry's name as the nominal roll and the NOT_ON_NOMINAL_ROLL rule compare it (the one home
-- of that comparison): trimmed, runs of white space one space, lower case. The master list's own
-- ministries are one per lower(name) (ministries_tenant_name_key).
CREATE FUNCTION ministry_key(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(regexp_replace(btrim(name), '\s+', ' ', 'g'))
$$;
--> statement-breakpoint
-- Without a key per row, a tenant's roll goes with the tenant as its records do (0021).
CREATE FUNCTION tenants_delete_nominal_roll() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM nominal_roll WHERE tenant_id = OLD.id;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tenants_delete_nominal_roll BEFORE DELETE ON tenants
  FOR EACH ROW EXECUTE FUNCTION tenants_delete_nominal_roll();
