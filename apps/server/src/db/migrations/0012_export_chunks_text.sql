-- The stored file is UTF-8 text: kept as text, it crosses the wire as is (bytea parameters travel
-- hex-encoded, twice their size). The byte order mark is no longer stored (text decoders drop a
-- leading one); the download sends it first, so a file exported before keeps its bytes and checksum.
ALTER TABLE "export_chunks" ALTER COLUMN "data" SET DATA TYPE text
  USING CASE WHEN "seq" = 0 THEN ltrim(convert_from("data", 'UTF8'), U&'\FEFF') ELSE convert_from("data", 'UTF8') END;
