-- The status index also carries the name and id: a reviewer's queue page gathers the records of
-- their ministries within a status from this index alone (no visit to the table per record).
DROP INDEX IF EXISTS "records_tenant_status_idx";--> statement-breakpoint
CREATE INDEX "records_tenant_status_idx" ON "records" ("tenant_id", "status", "ministry_id", "grade_level") INCLUDE ("department_id", "full_name", "id");
