-- Each flag carries its record's ministry and department (issue #35, DECISIONS 301), as its pay
-- (monthly_kobo, migration 0027): as the rules' last evaluation found them. The rules' merge writes
-- them with the flag and refreshes an OPEN flag's copy that differs from what the step's scan read
-- (a record moved asks for a run, as any change of a record does). The figures a run ends with (the
-- total, each rule's, each ministry's and each posting's) are then summed from the OPEN flags
-- alone: joined to their records for the posting, they read the whole records table again at the
-- end of every run (2.3 s of CPU over 161,420 flags and 1,000,000 records). No foreign keys: the
-- copy is a figure of the evaluation, not a reference a ministry's removal must wait for.
ALTER TABLE "integrity_flags" ADD COLUMN "ministry_id" uuid, ADD COLUMN "department_id" uuid;--> statement-breakpoint
UPDATE integrity_flags f SET ministry_id = r.ministry_id, department_id = r.department_id
FROM records r WHERE r.id = f.record_id AND (r.ministry_id IS NOT NULL OR r.department_id IS NOT NULL);--> statement-breakpoint
ANALYZE integrity_flags;
