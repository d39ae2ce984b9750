-- The ministry and department indexes also carry the name and id, so a filtered page can be read
-- from either of them alone (index-only, then a top-N sort of the matches) when the filter is
-- narrower than the walk along the name index would be.
DROP INDEX IF EXISTS "records_tenant_ministry_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "records_tenant_department_idx";--> statement-breakpoint
CREATE INDEX "records_tenant_ministry_idx" ON "records" ("tenant_id", "ministry_id", "grade_level") INCLUDE ("status", "department_id", "full_name", "id");--> statement-breakpoint
CREATE INDEX "records_tenant_department_idx" ON "records" ("tenant_id", "department_id", "grade_level") INCLUDE ("status", "ministry_id", "full_name", "id");
