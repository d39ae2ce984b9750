-- Issue #35: the HR lists beside the master list. hr_list_uploads is the history of their uploads
-- (kind SEPARATIONS now; NOMINAL_ROLL and SALARY_TABLE declared for what comes next), separations
-- the list of who left the service: one row per person (PSN within the tenant, else NIN), updated
-- by a later upload. Row-level security comes with tenant_id, as for every table.
CREATE TABLE "hr_list_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"row_count" integer NOT NULL,
	"created" integer NOT NULL,
	"updated" integer NOT NULL,
	"as_of" date,
	"uploaded_by" uuid,
	"uploaded_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hr_list_uploads_kind_check" CHECK ("hr_list_uploads"."kind" in ('SEPARATIONS', 'NOMINAL_ROLL', 'SALARY_TABLE'))
);
--> statement-breakpoint
CREATE TABLE "separations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"psn" text,
	"nin" text,
	"full_name" text NOT NULL,
	"exit_date" date NOT NULL,
	"exit_reason" text NOT NULL,
	"reference" text,
	"upload_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "separations_person_check" CHECK ("separations"."psn" is not null or "separations"."nin" is not null),
	CONSTRAINT "separations_reason_check" CHECK ("separations"."exit_reason" in ('RETIRED', 'DECEASED', 'RESIGNED', 'DISMISSED', 'TRANSFERRED', 'OTHER'))
);
--> statement-breakpoint
ALTER TABLE "hr_list_uploads" ADD CONSTRAINT "hr_list_uploads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_list_uploads" ADD CONSTRAINT "hr_list_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "separations" ADD CONSTRAINT "separations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "separations" ADD CONSTRAINT "separations_upload_id_hr_list_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."hr_list_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hr_list_uploads_tenant_kind_idx" ON "hr_list_uploads" USING btree ("tenant_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "separations_tenant_psn_uq" ON "separations" USING btree ("tenant_id","psn") WHERE "separations"."psn" is not null;--> statement-breakpoint
CREATE INDEX "separations_tenant_nin_idx" ON "separations" USING btree ("tenant_id","nin") WHERE "separations"."nin" is not null;