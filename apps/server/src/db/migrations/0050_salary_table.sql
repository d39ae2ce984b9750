-- Issue #35: the salary table, the pay office's maximum (and minimum) monthly gross for each salary
-- structure, grade and step; an upload replaces the tenant's whole table (history: hr_list_uploads,
-- kind SALARY_TABLE). PAY_ABOVE_SCALE reads it. Row-level security comes with tenant_id, as for
-- every table.
CREATE TABLE "salary_table" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"structure" text NOT NULL,
	"structure_key" text NOT NULL,
	"grade" integer NOT NULL,
	"step" integer NOT NULL,
	"max_kobo" bigint NOT NULL,
	"min_kobo" bigint,
	"upload_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salary_table_amounts_check" CHECK ("salary_table"."max_kobo" > 0 and ("salary_table"."min_kobo" is null or "salary_table"."min_kobo" <= "salary_table"."max_kobo"))
);
--> statement-breakpoint
ALTER TABLE "salary_table" ADD CONSTRAINT "salary_table_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_table" ADD CONSTRAINT "salary_table_upload_id_hr_list_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."hr_list_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "salary_table_key_uq" ON "salary_table" USING btree ("tenant_id","structure_key","grade","step");