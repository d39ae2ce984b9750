-- Verification exercises (issue #33, DECISIONS 168-171): a window of calendar days (the tenant's
-- zone) in which everyone of a scope must appear, a grace period after it, and the documents to
-- bring. The scope is all records (both lists empty) or the records of any listed ministry or
-- department, as a reviewer's assignments read; the ids are checked against the tenant's own
-- ministries and departments when written. The state (UPCOMING, OPEN, IN_GRACE, CLOSED) is not
-- stored: it is read from the dates and today. One exercise per scope at a time is held by the
-- service under a per-tenant advisory lock (campaigns.repo.ts), not by a constraint.
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"ministry_ids" uuid[] DEFAULT '{}' NOT NULL,
	"department_ids" uuid[] DEFAULT '{}' NOT NULL,
	"opens_on" date NOT NULL,
	"closes_on" date NOT NULL,
	"grace_days" integer NOT NULL,
	"documents" text[] DEFAULT '{}' NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_dates_check" CHECK ("closes_on" >= "opens_on"),
	CONSTRAINT "campaigns_grace_days_check" CHECK ("grace_days" BETWEEN 0 AND 90)
);--> statement-breakpoint
CREATE INDEX "campaigns_tenant_idx" ON "campaigns" ("tenant_id", "created_at");--> statement-breakpoint
-- Every extension of an exercise's closing day, with its reason (an exercise is never shortened).
CREATE TABLE "campaign_extensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL REFERENCES "campaigns"("id") ON DELETE CASCADE,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"from_closes_on" date NOT NULL,
	"to_closes_on" date NOT NULL,
	"reason" text NOT NULL,
	"extended_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"extended_by_email" text,
	"extended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_extensions_later_check" CHECK ("to_closes_on" > "from_closes_on")
);--> statement-breakpoint
CREATE INDEX "campaign_extensions_campaign_idx" ON "campaign_extensions" ("campaign_id", "extended_at");
