CREATE TABLE "export_members" (
	"export_id" uuid PRIMARY KEY NOT NULL,
	"record_ids" uuid[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "export_members" ADD CONSTRAINT "export_members_export_id_export_jobs_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."export_jobs"("id") ON DELETE cascade ON UPDATE no action;