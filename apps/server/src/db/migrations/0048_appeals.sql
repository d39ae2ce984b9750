-- Issue #34: appeals about a record taken off the payroll (rejected, confirmed as a ghost,
-- suspended), their questions and answers, and their attachments (bytes kept in the database).
-- One appeal of a record is heard at a time (a partial unique index); row-level security comes
-- with tenant_id, as for every table.
CREATE TABLE "appeal_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"appeal_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_by" uuid,
	"uploaded_by_email" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appeal_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"appeal_id" uuid NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"by_user_id" uuid,
	"by_email" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "appeal_messages_type_check" CHECK ("appeal_messages"."type" in ('QUESTION', 'ANSWER'))
);
--> statement-breakpoint
CREATE TABLE "appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"grounds" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"appealed_status" text NOT NULL,
	"removed_at" timestamp with time zone NOT NULL,
	"lodged_by" uuid,
	"lodged_by_email" text,
	"lodged_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"handler_id" uuid,
	"handler_email" text,
	"decision" text,
	"decision_note" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_by_email" text,
	"reinstated_to" text,
	"arrears_periods" jsonb,
	"monthly_gross_kobo" bigint,
	"arrears_kobo" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "appeals_status_check" CHECK ("appeals"."status" in ('OPEN', 'AWAITING_EMPLOYEE', 'AWAITING_APPROVAL', 'DECIDED'))
);
--> statement-breakpoint
ALTER TABLE "appeal_attachments" ADD CONSTRAINT "appeal_attachments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeal_attachments" ADD CONSTRAINT "appeal_attachments_appeal_id_appeals_id_fk" FOREIGN KEY ("appeal_id") REFERENCES "public"."appeals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeal_attachments" ADD CONSTRAINT "appeal_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeal_messages" ADD CONSTRAINT "appeal_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeal_messages" ADD CONSTRAINT "appeal_messages_appeal_id_appeals_id_fk" FOREIGN KEY ("appeal_id") REFERENCES "public"."appeals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeal_messages" ADD CONSTRAINT "appeal_messages_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_lodged_by_users_id_fk" FOREIGN KEY ("lodged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_handler_id_users_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appeal_attachments_appeal_idx" ON "appeal_attachments" USING btree ("appeal_id","at");--> statement-breakpoint
CREATE INDEX "appeal_messages_appeal_idx" ON "appeal_messages" USING btree ("appeal_id","at");--> statement-breakpoint
CREATE INDEX "appeals_tenant_deadline_idx" ON "appeals" USING btree ("tenant_id","status","deadline_at");--> statement-breakpoint
CREATE INDEX "appeals_record_idx" ON "appeals" USING btree ("record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_one_open_per_record" ON "appeals" USING btree ("record_id") WHERE "appeals"."status" <> 'DECIDED';