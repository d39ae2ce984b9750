-- Pages of the review queues and of the not-found list walk the name order within their status:
-- with a ministry, department or grade filter the walk stays inside the status (about a quarter of
-- the records), and it is index-only. Partial, so uploads (UPLOADED) and VALIDATED records do not
-- pay for it.
CREATE INDEX "records_queue_name_idx" ON "records" ("tenant_id", "status", "full_name", "id")
  INCLUDE ("ministry_id", "department_id", "grade_level")
  WHERE "status" IN ('PENDING_GRADE_VALIDATION', 'MISMATCHED', 'NOT_FOUND');
