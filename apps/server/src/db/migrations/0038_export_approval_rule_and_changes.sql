-- Issue #30 items 2, 5 and 6 (DECISIONS 132-134).
-- An export keeps the four-eyes rule in force when it was requested: the request stores whether a
-- second approver was required, and the job reads that, not the setting when it runs. Exports
-- queued or running as this migration runs take their tenant's setting now.
ALTER TABLE "export_jobs" ADD COLUMN "second_approver" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE export_jobs j SET second_approver = coalesce((s.settings ->> 'secondApprover')::boolean, false)
FROM tenant_settings s
WHERE s.tenant_id = j.tenant_id AND j.status IN ('PENDING', 'PROCESSING');
--> statement-breakpoint
-- The people an export awaiting approval adds to and removes from the payroll, against the last
-- approved export (ADDED, REMOVED), each numbered 1..n in the order the approver reads them (by
-- ministry, name, PSN): a page is a range of (export_id, change, seq) in the key, whatever the
-- export's size. Written with the export's hold, in its snapshot. No foreign key to records: a
-- record deleted since still shows as removed.
CREATE TABLE "export_changes" (
	"export_id" uuid NOT NULL,
	"change" text NOT NULL,
	"seq" integer NOT NULL,
	"record_id" uuid NOT NULL,
	CONSTRAINT "export_changes_export_id_change_seq_pk" PRIMARY KEY("export_id","change","seq")
);
--> statement-breakpoint
ALTER TABLE "export_changes" ADD CONSTRAINT "export_changes_export_id_export_jobs_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."export_jobs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- As export_members: no tenant_id of its own, seen and written only with its export.
ALTER TABLE export_changes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE export_changes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON export_changes FOR ALL
  USING (EXISTS (SELECT FROM export_jobs j WHERE j.id = export_id))
  WITH CHECK (EXISTS (SELECT FROM export_jobs j WHERE j.id = export_id));
