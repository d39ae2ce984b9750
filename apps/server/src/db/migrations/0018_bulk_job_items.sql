-- A bulk verification's records are listed in bulk_job_items instead of being marked on the records
-- themselves: marking rewrote every record (a new version with an entry in each index) before the
-- first lookup. The marks of a job still running move over before the column goes.
CREATE TABLE "bulk_job_items" (
	"job_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	CONSTRAINT "bulk_job_items_job_id_record_id_pk" PRIMARY KEY("job_id","record_id")
);
--> statement-breakpoint
INSERT INTO "bulk_job_items" ("job_id", "record_id")
  SELECT "verify_job_id", "id" FROM "records" WHERE "verify_job_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX "records_verify_job_idx";--> statement-breakpoint
ALTER TABLE "bulk_job_items" ADD CONSTRAINT "bulk_job_items_job_id_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."bulk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" DROP COLUMN "verify_job_id";