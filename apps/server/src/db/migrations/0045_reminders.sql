-- Issue #33 item 3 (DECISIONS 182): reminders of a verification exercise by email and by SMS.
-- A run is one per exercise, kind and tenant day (unique index); a person is reminded at most once a
-- day (the primary key of campaign_reminders), whatever the number of workers. The tenant's SMS
-- gateway (SMPP) is kept beside its identity provider, the password sealed.
CREATE TABLE "campaign_reminder_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"people" integer DEFAULT 0 NOT NULL,
	"no_address" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_reminder_runs_kind_check" CHECK ("campaign_reminder_runs"."kind" in ('OPENING', 'WEEKLY', 'CLOSING_SOON'))
);
--> statement-breakpoint
CREATE TABLE "campaign_reminders" (
	"tenant_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"day" date NOT NULL,
	"run_id" uuid NOT NULL,
	"mail_id" uuid,
	"sms_id" uuid,
	CONSTRAINT "campaign_reminders_tenant_id_record_id_day_pk" PRIMARY KEY("tenant_id","record_id","day")
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"record_id" uuid,
	"to_phone" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"last_error" text,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "sms_gateway_config" jsonb;--> statement-breakpoint
ALTER TABLE "campaign_reminder_runs" ADD CONSTRAINT "campaign_reminder_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_reminder_runs" ADD CONSTRAINT "campaign_reminder_runs_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_reminders" ADD CONSTRAINT "campaign_reminders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_reminders" ADD CONSTRAINT "campaign_reminders_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_reminders" ADD CONSTRAINT "campaign_reminders_run_id_campaign_reminder_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."campaign_reminder_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_reminder_runs_once_idx" ON "campaign_reminder_runs" USING btree ("campaign_id","kind","day");--> statement-breakpoint
CREATE INDEX "campaign_reminders_run_idx" ON "campaign_reminders" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_status_idx" ON "sms_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_tenant_idx" ON "sms_outbox" USING btree ("tenant_id","created_at");