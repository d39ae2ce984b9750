-- A person appearing (issue #33, DECISIONS 177): a passed identity check of a record, written in
-- the transaction that made it (the claim that created the account, online or with an agent; the
-- re-verification whose lookup agreed), with the instant, the tenant's calendar day at that instant
-- and the agent, if one helped. Exercises count the appearances of their scope in their days; an
-- appearance belongs to no exercise, so one that moves its closing day counts the same rows.
CREATE TABLE "appearances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"record_id" uuid NOT NULL REFERENCES "records"("id") ON DELETE CASCADE,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"via" text NOT NULL,
	"agent_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"agent_email" text,
	CONSTRAINT "appearances_via_check" CHECK ("via" in ('ONLINE_CLAIM', 'AGENT_CLAIM', 'REVERIFY'))
);--> statement-breakpoint
CREATE INDEX "appearances_record_idx" ON "appearances" ("tenant_id", "record_id", "day");--> statement-breakpoint
CREATE INDEX "appearances_day_idx" ON "appearances" ("tenant_id", "day");
--> statement-breakpoint
-- A person excused from an exercise (study leave, secondment, sick leave, another documented
-- absence) with a note, written when the excusal takes effect; an excused person is no no-show.
CREATE TABLE "campaign_excusals" (
	"campaign_id" uuid NOT NULL REFERENCES "campaigns"("id") ON DELETE CASCADE,
	"record_id" uuid NOT NULL REFERENCES "records"("id") ON DELETE CASCADE,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"reason_code" text NOT NULL,
	"note" text NOT NULL,
	"excused_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"excused_by_email" text,
	"excused_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_excusals_campaign_id_record_id_pk" PRIMARY KEY("campaign_id","record_id")
);
