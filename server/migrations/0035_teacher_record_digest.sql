-- Each stored record's MD5 beside it, computed by the database whenever the record is written: a
-- matching page reads its cards' digests instead of their records (about 2 KB each), and the server,
-- which remembers each card by the digest of the record it was made from, reads a record only when
-- it has not seen that digest (server/lib/matching.ts). A changed record has a new digest.
ALTER TABLE "teacher_record_cache" ADD COLUMN IF NOT EXISTS "digest" text GENERATED ALWAYS AS (md5("record")) STORED;
