DROP INDEX "records_tenant_name_idx";--> statement-breakpoint
DROP INDEX "records_tenant_status_idx";--> statement-breakpoint
DROP INDEX "records_tenant_ministry_idx";--> statement-breakpoint
DROP INDEX "records_tenant_department_idx";--> statement-breakpoint
-- Filtered pages and their counts over 1,000,000 records read only these indexes (index-only
-- scans): pages walk the name order and test the filters on the included columns; counts (and the
-- queue badges) read the index whose leading columns match the filter.
CREATE INDEX "records_tenant_name_idx" ON "records" ("tenant_id", "full_name", "id") INCLUDE ("status", "ministry_id", "department_id", "grade_level");--> statement-breakpoint
CREATE INDEX "records_tenant_status_idx" ON "records" ("tenant_id", "status", "ministry_id", "grade_level") INCLUDE ("department_id");--> statement-breakpoint
CREATE INDEX "records_tenant_ministry_idx" ON "records" ("tenant_id", "ministry_id", "grade_level") INCLUDE ("status", "department_id");--> statement-breakpoint
CREATE INDEX "records_tenant_department_idx" ON "records" ("tenant_id", "department_id", "grade_level") INCLUDE ("status", "ministry_id");
