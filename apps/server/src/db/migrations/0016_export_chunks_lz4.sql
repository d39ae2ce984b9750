-- A stored file chunk is compressed with lz4 where the server has it (PostgreSQL builds usually do):
-- about a quarter of the size and half the write time of uncompressed text, and fast to read back.
-- Where lz4 is missing (PGlite) the chunks stay uncompressed (migration 0014): pglz costs more time
-- than it saves.
DO $$
BEGIN
  ALTER TABLE "export_chunks" ALTER COLUMN "data" SET COMPRESSION lz4;
  ALTER TABLE "export_chunks" ALTER COLUMN "data" SET STORAGE EXTENDED;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END
$$;
