-- The compared fields as the last upload carried them (DESIGN §6): a later upload changes a field only
-- where its value differs from these, so what a reviewer or the source of truth set since stands.
-- Null for older records, which compare with their current values once.
ALTER TABLE "records" ADD COLUMN "uploaded_values" jsonb;
