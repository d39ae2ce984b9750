-- The record's monthly pay on its flags, as of their last evaluation (issue #21): the flag list is
-- ordered largest pay first, read from an index of the flags alone (a join with 1,000,000 records
-- for every page cost seconds under load).
ALTER TABLE "integrity_flags" ADD COLUMN "monthly_kobo" bigint;--> statement-breakpoint
CREATE INDEX "integrity_flags_page_idx" ON "integrity_flags" USING btree ("tenant_id","status","monthly_kobo" desc nulls last,"id");