-- The ministry and department indexes are ordered by name after the grade: a page of one ministry
-- (or department) and one grade, the records list's usual filter, is read in name order straight
-- from the index (the offset plus a page of entries) instead of sorting all its matches.
DROP INDEX IF EXISTS "records_tenant_ministry_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "records_tenant_department_idx";--> statement-breakpoint
CREATE INDEX "records_tenant_ministry_idx" ON "records" ("tenant_id", "ministry_id", "grade_level", "full_name", "id") INCLUDE ("status", "department_id");--> statement-breakpoint
CREATE INDEX "records_tenant_department_idx" ON "records" ("tenant_id", "department_id", "grade_level", "full_name", "id") INCLUDE ("status", "ministry_id");
