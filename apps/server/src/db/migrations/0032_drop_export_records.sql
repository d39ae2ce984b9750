-- The members of exports made since migration 0029 move to one sorted array per export (0031).
INSERT INTO "export_members" ("export_id", "record_ids")
SELECT "export_id", array_agg("record_id" ORDER BY "record_id") FROM "export_records" GROUP BY "export_id"
ON CONFLICT ("export_id") DO NOTHING;--> statement-breakpoint
DROP TABLE "export_records" CASCADE;
