-- An evaluation asked for by another tenant's change (the cross-tenant index): when one last asked
-- (others_requested_at) and which of those the last finished run covered (others_covered_at). A
-- run that only such a change asked for, on the day of the last run, evaluates the rules that read
-- other tenants' records alone (DECISIONS 273).
ALTER TABLE "integrity_state" ADD COLUMN "others_requested_at" timestamp (6) with time zone;--> statement-breakpoint
ALTER TABLE "integrity_state" ADD COLUMN "others_covered_at" timestamp (6) with time zone;
