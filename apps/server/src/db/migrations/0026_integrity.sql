-- Payroll integrity rules (issue #21): the flags the rules raise, with their evidence and its
-- fingerprint (a dismissal holds for the same evidence), each tenant's evaluation state and summary,
-- and the tenant's settings object (the rules' thresholds and switches; issue #22 adds to it).
CREATE TABLE "integrity_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"fingerprint" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_by_email" text,
	"reason_code" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "integrity_state" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"requested_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"covered_request_at" timestamp (6) with time zone,
	"run_started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"steps_done" integer DEFAULT 0 NOT NULL,
	"steps_total" integer DEFAULT 0 NOT NULL,
	"evaluated_at" timestamp with time zone,
	"as_of" date,
	"summary" jsonb
);
--> statement-breakpoint
CREATE TABLE "tenant_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integrity_flags" ADD CONSTRAINT "integrity_flags_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrity_flags" ADD CONSTRAINT "integrity_flags_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrity_flags" ADD CONSTRAINT "integrity_flags_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrity_state" ADD CONSTRAINT "integrity_state_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD CONSTRAINT "tenant_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD CONSTRAINT "tenant_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integrity_flags_evidence_key" ON "integrity_flags" USING btree ("tenant_id","record_id","rule","fingerprint");--> statement-breakpoint
CREATE INDEX "integrity_flags_tenant_status_idx" ON "integrity_flags" USING btree ("tenant_id","status","rule");