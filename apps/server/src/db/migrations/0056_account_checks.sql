-- The account check (issue #36 item 3): a job over every record with an account number at a bank
-- the portal knows, asking the tenant's account name provider in which name (and BVN) the account
-- is held. It runs on bulk verification's machinery: the same jobs table (kind ACCOUNT_CHECK; one
-- active job per tenant and kind), its items, leases and chunks. Each record's last answer is kept
-- in account_checks, for what it was asked (bank as written, number, the record's name then): the
-- rules ACCOUNT_NAME_MISMATCH, ACCOUNT_NOT_FOUND and ACCOUNT_BVN_MISMATCH read the answers that
-- still describe the record. Row-level security comes with tenant_id, as for every table.
ALTER TABLE "bulk_jobs" ADD COLUMN "kind" text DEFAULT 'VERIFY' NOT NULL;--> statement-breakpoint
DROP INDEX "bulk_jobs_one_active";--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_jobs_one_active" ON "bulk_jobs" USING btree ("tenant_id","kind") WHERE status in ('PENDING', 'RUNNING');--> statement-breakpoint
DROP INDEX "bulk_jobs_tenant_idx";--> statement-breakpoint
CREATE INDEX "bulk_jobs_tenant_idx" ON "bulk_jobs" USING btree ("tenant_id","kind","created_at");--> statement-breakpoint
CREATE TABLE "account_checks" (
	"record_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"job_id" uuid,
	"bank" text NOT NULL,
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"full_name" text NOT NULL,
	"status" text NOT NULL,
	"account_name" text,
	"account_bvn" text,
	"name_verdict" text,
	"name_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_checks_status_check" CHECK ("account_checks"."status" in ('FOUND', 'CLOSED', 'NOT_FOUND'))
);
--> statement-breakpoint
ALTER TABLE "account_checks" ADD CONSTRAINT "account_checks_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_checks" ADD CONSTRAINT "account_checks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_checks_tenant_idx" ON "account_checks" USING btree ("tenant_id","status");
