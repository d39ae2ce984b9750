-- Issue #33's benchmark (DECISIONS 189): a reminder run writes a reminder and a mail per person, a
-- million in a large state. Their rows key their tenant (or run) only: a foreign key to the record
-- locked each record as it was written. A mail's body may be a text shared by the run's mails
-- ('{name}' filled in when it is sent) instead of a copy per person.
CREATE TABLE "outbox_texts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_reminders" DROP CONSTRAINT "campaign_reminders_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "campaign_reminders" DROP CONSTRAINT "campaign_reminders_record_id_records_id_fk";
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_record_id_records_id_fk";
--> statement-breakpoint
ALTER TABLE "sms_outbox" DROP CONSTRAINT "sms_outbox_record_id_records_id_fk";
--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "text_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox_texts" ADD CONSTRAINT "outbox_texts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_body_check" CHECK (("mail_outbox"."body" is null) <> ("mail_outbox"."text_id" is null));