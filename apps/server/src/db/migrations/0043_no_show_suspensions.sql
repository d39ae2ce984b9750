-- Issue #33 item 5 (DECISIONS 180): a verification exercise's no-shows suspended in bulk. The list
-- is frozen when asked for and applied at once or once a second tenant admin approves; a record
-- keeps the status it was suspended from (a potential ghost suspended stays one). Adding a
-- nullable column rewrites nothing.
CREATE TABLE "campaign_suspension_records" (
	"suspension_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	CONSTRAINT "campaign_suspension_records_suspension_id_record_id_pk" PRIMARY KEY("suspension_id","record_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_suspensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"status" text NOT NULL,
	"requested_by" uuid,
	"requested_by_email" text NOT NULL,
	"note" text,
	"listed" integer NOT NULL,
	"listed_kobo" bigint NOT NULL,
	"suspended" integer,
	"suspended_kobo" bigint,
	"skipped" integer,
	"approval_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "campaign_suspensions_status_check" CHECK ("campaign_suspensions"."status" in ('PENDING_APPROVAL', 'APPLIED', 'DECLINED', 'WITHDRAWN'))
);
--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "status_before_suspension" text;--> statement-breakpoint
ALTER TABLE "campaign_suspension_records" ADD CONSTRAINT "campaign_suspension_records_suspension_id_campaign_suspensions_id_fk" FOREIGN KEY ("suspension_id") REFERENCES "public"."campaign_suspensions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_suspension_records" ADD CONSTRAINT "campaign_suspension_records_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_suspensions" ADD CONSTRAINT "campaign_suspensions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_suspensions" ADD CONSTRAINT "campaign_suspensions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_suspensions" ADD CONSTRAINT "campaign_suspensions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_suspensions_campaign_idx" ON "campaign_suspensions" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_suspensions_one_pending_idx" ON "campaign_suspensions" USING btree ("campaign_id") WHERE "campaign_suspensions"."status" = 'PENDING_APPROVAL';