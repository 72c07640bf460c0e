-- Matching without a location, ranked ahead of the request. Such a page is ordered by verified, then
-- how many of the requested subjects a teacher covers, then experience, then medium fit, then id;
-- ranking every candidate per request (a group per teacher, then a sort and a count) cost PostgreSQL
-- about 3 ms at 10,000 teachers. Here each matchable teacher has one row per set of one, two or three
-- of their subjects (its key the ids in ascending order, comma-separated), carrying what the order and
-- the filters read, indexed in the order of a page. A request for up to three subjects then reads,
-- for each set Q of its subjects, the teachers who teach Q and none of the request's other subjects
-- (they cover exactly |Q|) in index order, and the page is a merge of those ordered streams with a
-- LIMIT. The total is a sum over per-(set, mode) counts: teachers who teach any of the requested
-- subjects = the inclusion-exclusion sum of those who teach each set of them.
--
-- Both tables follow teacher_match (migration 0027) by triggers on it, so they change in the same
-- transaction as the write that changed a teacher's subjects, mode, experience, mediums, verification
-- or activation (or deleted the teacher). The counts change by differences (n = n + delta), which
-- concurrent writers add up correctly. tests/server/matching-index.test.ts compares both with the
-- tables and pages with pages ranked from the tables after every kind of write.
CREATE TABLE IF NOT EXISTS "teacher_match_subset" (
  "teacher_id" integer NOT NULL REFERENCES "teachers"("id") ON DELETE CASCADE,
  "subset" text NOT NULL,
  "verified" boolean NOT NULL,
  "prior_experience" integer NOT NULL,
  "teaching_mode" text NOT NULL,
  "mediums" text[] NOT NULL,
  "subject_ids" integer[] NOT NULL,
  PRIMARY KEY ("teacher_id", "subset")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "teacher_match_subset_rank_idx" ON "teacher_match_subset" USING btree
  ("subset", "verified" DESC, "prior_experience" DESC, "teacher_id")
  INCLUDE ("teaching_mode", "mediums", "subject_ids");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "teacher_match_count" (
  "subset" text NOT NULL,
  "teaching_mode" text NOT NULL,
  "n" integer NOT NULL,
  PRIMARY KEY ("subset", "teaching_mode")
);
--> statement-breakpoint
-- The subset rows of these teachers as teacher_match says they should be.
CREATE OR REPLACE FUNCTION teacher_match_subset_build(ids integer[]) RETURNS SETOF teacher_match_subset
  LANGUAGE sql STABLE AS $$
  SELECT t.teacher_id, q.subset, t.verified, t.prior_experience, t.teaching_mode, t.mediums, t.subject_ids
  FROM (
    SELECT DISTINCT ON (m.teacher_id) m.teacher_id, m.verified, m.prior_experience, m.teaching_mode, m.mediums,
      ARRAY(SELECT s.subject_id FROM teacher_match s WHERE s.teacher_id = m.teacher_id ORDER BY s.subject_id) AS subject_ids
    FROM teacher_match m
    WHERE m.teacher_id IN (SELECT unnest(ids))
    ORDER BY m.teacher_id
  ) t
  CROSS JOIN LATERAL (
    SELECT a::text AS subset FROM unnest(t.subject_ids) a
    UNION ALL
    SELECT a || ',' || b FROM unnest(t.subject_ids) a, unnest(t.subject_ids) b WHERE a < b
    UNION ALL
    SELECT a || ',' || b || ',' || c FROM unnest(t.subject_ids) a, unnest(t.subject_ids) b, unnest(t.subject_ids) c
     WHERE a < b AND b < c
  ) q
$$;
--> statement-breakpoint
-- Brings the subset rows of these teachers in line with teacher_match (deletes what no longer holds,
-- upserts the rest).
CREATE OR REPLACE FUNCTION teacher_match_subset_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM teacher_match_subset s
   WHERE s.teacher_id IN (SELECT unnest(ids))
     AND (s.teacher_id, s.subset) NOT IN (SELECT f.teacher_id, f.subset FROM teacher_match_subset_build(ids) f);
  INSERT INTO teacher_match_subset AS s SELECT * FROM teacher_match_subset_build(ids)
  ON CONFLICT (teacher_id, subset) DO UPDATE SET
    verified = excluded.verified, prior_experience = excluded.prior_experience,
    teaching_mode = excluded.teaching_mode, mediums = excluded.mediums, subject_ids = excluded.subject_ids
  WHERE (s.verified, s.prior_experience, s.teaching_mode, s.mediums, s.subject_ids)
    IS DISTINCT FROM (excluded.verified, excluded.prior_experience, excluded.teaching_mode, excluded.mediums,
      excluded.subject_ids)
$$;
--> statement-breakpoint
-- teacher_match changed (by its own triggers, or a deleted teacher's rows by the foreign key):
-- refresh every teacher whose rows the statement touched.
CREATE OR REPLACE FUNCTION teacher_match_subset_by_match() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM teacher_match_subset_refresh(ARRAY(SELECT DISTINCT teacher_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM teacher_match_subset_refresh(ARRAY(SELECT DISTINCT teacher_id FROM old_rows));
  ELSE
    PERFORM teacher_match_subset_refresh(ARRAY(SELECT teacher_id FROM new_rows UNION SELECT teacher_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER teacher_match_subset_insert AFTER INSERT ON teacher_match
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_match_subset_by_match();
--> statement-breakpoint
CREATE TRIGGER teacher_match_subset_delete AFTER DELETE ON teacher_match
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_match_subset_by_match();
--> statement-breakpoint
CREATE TRIGGER teacher_match_subset_update AFTER UPDATE ON teacher_match
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_match_subset_by_match();
--> statement-breakpoint
-- The counts follow the subset rows by differences: +1 for each row that appears under a (set, mode),
-- -1 for each that leaves it.
-- (Rows in key order, so concurrent writers lock the counts in the same order.)
CREATE OR REPLACE FUNCTION teacher_match_count_by_subset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO teacher_match_count AS c (subset, teaching_mode, n)
    SELECT d.subset, d.teaching_mode, sum(d.delta)::int FROM (SELECT subset, teaching_mode, 1 AS delta FROM new_rows) d
    GROUP BY d.subset, d.teaching_mode HAVING sum(d.delta) <> 0 ORDER BY d.subset, d.teaching_mode
    ON CONFLICT (subset, teaching_mode) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO teacher_match_count AS c (subset, teaching_mode, n)
    SELECT d.subset, d.teaching_mode, sum(d.delta)::int FROM (SELECT subset, teaching_mode, -1 AS delta FROM old_rows) d
    GROUP BY d.subset, d.teaching_mode HAVING sum(d.delta) <> 0 ORDER BY d.subset, d.teaching_mode
    ON CONFLICT (subset, teaching_mode) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO teacher_match_count AS c (subset, teaching_mode, n)
    SELECT d.subset, d.teaching_mode, sum(d.delta)::int FROM (SELECT subset, teaching_mode, 1 AS delta FROM new_rows
      UNION ALL SELECT subset, teaching_mode, -1 AS delta FROM old_rows) d
    GROUP BY d.subset, d.teaching_mode HAVING sum(d.delta) <> 0 ORDER BY d.subset, d.teaching_mode
    ON CONFLICT (subset, teaching_mode) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER teacher_match_count_insert AFTER INSERT ON teacher_match_subset
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_match_count_by_subset();
--> statement-breakpoint
CREATE TRIGGER teacher_match_count_delete AFTER DELETE ON teacher_match_subset
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_match_count_by_subset();
--> statement-breakpoint
CREATE TRIGGER teacher_match_count_update AFTER UPDATE ON teacher_match_subset
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_match_count_by_subset();
--> statement-breakpoint
SELECT teacher_match_subset_refresh(ARRAY(SELECT DISTINCT teacher_id FROM teacher_match));
