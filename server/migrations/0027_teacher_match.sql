-- Matching at 10,000 teachers in one cheap query: one narrow row per (teacher, subject) for every
-- teacher who can be matched at all (active, not rejected, preferences saved), holding what the
-- filter and the order read: location (also as a unit vector, so the great-circle test is three
-- multiplications: dot(student, teacher) >= cos(radius / earth radius)), mode, verification,
-- experience and mediums. Its index (subject, latitude) INCLUDE the rest answers the bounding box and
-- the distance test from the index alone. Statement-level triggers on teachers, teacher_preferences
-- and teacher_subjects keep it equal to what the tables say (tests/server/matching-index.test.ts).
CREATE TABLE IF NOT EXISTS "teacher_match" (
  "teacher_id" integer NOT NULL REFERENCES "teachers"("id") ON DELETE CASCADE,
  "subject_id" integer NOT NULL,
  "latitude" double precision,
  "longitude" double precision,
  "ux" double precision,
  "uy" double precision,
  "uz" double precision,
  "cos_radius" double precision NOT NULL,
  "teaching_mode" text NOT NULL,
  "verified" boolean NOT NULL,
  "prior_experience" integer NOT NULL,
  "mediums" text[] NOT NULL,
  PRIMARY KEY ("teacher_id", "subject_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "teacher_match_subject_idx" ON "teacher_match" USING btree ("subject_id", "latitude")
  INCLUDE ("longitude", "ux", "uy", "uz", "cos_radius", "teaching_mode", "verified", "prior_experience", "mediums", "teacher_id");
--> statement-breakpoint
-- Brings the rows of these teachers in line with the tables (deletes what no longer matches, upserts the rest).
-- `IN (SELECT unnest(ids))`, not `= ANY(ids)`: a statement touching thousands of teachers (the demo seed)
-- then joins by hash instead of scanning the array once per row.
CREATE OR REPLACE FUNCTION teacher_match_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM teacher_match m
   WHERE m.teacher_id IN (SELECT unnest(ids))
     AND NOT EXISTS (
       SELECT 1 FROM teacher_subjects ts
         JOIN teachers t ON t.id = ts.teacher_id
         JOIN teacher_preferences p ON p.teacher_id = ts.teacher_id
        WHERE ts.teacher_id = m.teacher_id AND ts.subject_id = m.subject_id
          AND t.is_active AND t.verification_status <> 'rejected');
  INSERT INTO teacher_match AS m (teacher_id, subject_id, latitude, longitude, ux, uy, uz, cos_radius,
    teaching_mode, verified, prior_experience, mediums)
  SELECT ts.teacher_id, ts.subject_id, t.latitude, t.longitude,
    cos(radians(t.latitude)) * cos(radians(t.longitude)),
    cos(radians(t.latitude)) * sin(radians(t.longitude)),
    sin(radians(t.latitude)),
    cos(p.teaching_radius_km / 6371.0::float8),
    p.teaching_mode, t.verification_status = 'verified', p.prior_experience,
    ARRAY(SELECT lower(x) FROM unnest(p.preferred_medium) AS x)
  FROM teacher_subjects ts
  JOIN teachers t ON t.id = ts.teacher_id
  JOIN teacher_preferences p ON p.teacher_id = ts.teacher_id
  WHERE ts.teacher_id IN (SELECT unnest(ids)) AND t.is_active AND t.verification_status <> 'rejected'
  ON CONFLICT (teacher_id, subject_id) DO UPDATE SET
    latitude = excluded.latitude, longitude = excluded.longitude, ux = excluded.ux, uy = excluded.uy,
    uz = excluded.uz, cos_radius = excluded.cos_radius, teaching_mode = excluded.teaching_mode,
    verified = excluded.verified, prior_experience = excluded.prior_experience, mediums = excluded.mediums
  WHERE (m.latitude, m.longitude, m.cos_radius, m.teaching_mode, m.verified, m.prior_experience, m.mediums)
    IS DISTINCT FROM (excluded.latitude, excluded.longitude, excluded.cos_radius, excluded.teaching_mode,
      excluded.verified, excluded.prior_experience, excluded.mediums)
$$;
--> statement-breakpoint
-- teacher_subjects and teacher_preferences: refresh every teacher a statement touched.
CREATE OR REPLACE FUNCTION teacher_match_by_teacher_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM teacher_match_refresh(ARRAY(SELECT DISTINCT teacher_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM teacher_match_refresh(ARRAY(SELECT DISTINCT teacher_id FROM old_rows));
  ELSE
    PERFORM teacher_match_refresh(ARRAY(SELECT teacher_id FROM new_rows UNION SELECT teacher_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER teacher_match_subjects_insert AFTER INSERT ON teacher_subjects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_match_by_teacher_id();
--> statement-breakpoint
CREATE TRIGGER teacher_match_subjects_delete AFTER DELETE ON teacher_subjects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_match_by_teacher_id();
--> statement-breakpoint
CREATE TRIGGER teacher_match_subjects_update AFTER UPDATE ON teacher_subjects
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_match_by_teacher_id();
--> statement-breakpoint
CREATE TRIGGER teacher_match_preferences_insert AFTER INSERT ON teacher_preferences
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_match_by_teacher_id();
--> statement-breakpoint
CREATE TRIGGER teacher_match_preferences_delete AFTER DELETE ON teacher_preferences
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_match_by_teacher_id();
--> statement-breakpoint
CREATE TRIGGER teacher_match_preferences_update AFTER UPDATE ON teacher_preferences
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_match_by_teacher_id();
--> statement-breakpoint
-- teachers: only the columns matching reads (a deleted teacher's rows go by the foreign key).
CREATE OR REPLACE FUNCTION teacher_match_by_teacher() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM teacher_match_refresh(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE (n.is_active, n.verification_status, n.latitude, n.longitude)
       IS DISTINCT FROM (o.is_active, o.verification_status, o.latitude, o.longitude)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER teacher_match_teachers_update AFTER UPDATE ON teachers
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_match_by_teacher();
--> statement-breakpoint
SELECT teacher_match_refresh(ARRAY(SELECT id FROM teachers));
