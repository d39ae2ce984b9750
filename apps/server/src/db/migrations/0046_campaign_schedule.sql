-- Issue #33 item 1 (DECISIONS 184): the schedule of a verification exercise, a day at a site for
-- ministries and departments of its scope; a site's printed list (a QR code per person) is read from it.
CREATE TABLE "campaign_schedule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"site" text NOT NULL,
	"ministry_ids" uuid[] DEFAULT '{}' NOT NULL,
	"department_ids" uuid[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_schedule" ADD CONSTRAINT "campaign_schedule_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_schedule" ADD CONSTRAINT "campaign_schedule_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_schedule_campaign_idx" ON "campaign_schedule" USING btree ("campaign_id","day");