-- A stored file chunk is 1 MB of CSV written once and read once: kept out of line without
-- compression (pglz on every megabyte cost more time than the rest of the write).
ALTER TABLE "export_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
