-- The job no longer keeps a cursor: chunks may commit side by side, and a resumed job reads the
-- records still marked with its id (each commit unmarks its own).
ALTER TABLE "bulk_jobs" DROP COLUMN "cursor";