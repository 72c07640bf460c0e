-- A stored copy of every teacher's full record (the JSON text teacher_records_json wrote since
-- migration 0028, one text per teacher), kept current by triggers on every table a record is built
-- from, so that a page of records is read, not built: 20 records cost PostgreSQL about 2.7 ms of CPU
-- to build and well under 0.5 ms to read. tests/server/teacher-records.test.ts checks that the stored
-- records equal the records assembled from the tables field by field, also after each kind of write
-- through the routes.
--
-- Concurrent writers: every refresh first takes a transaction-level advisory lock per teacher (in id
-- order, under a shared lock on key 0; a refresh of more than 16 teachers takes key 0 alone,
-- exclusively), then builds the records in a statement of its own. Under READ COMMITTED that statement's
-- snapshot is taken after the lock is held, so it sees every write already committed by a
-- transaction that refreshed the same teacher before it (that one held the lock until its commit)
-- besides its own writes: the last transaction to commit stores a record built from everything
-- committed before it. The stored record changes in the same transaction as the write that changed
-- it, so no reader sees it lag behind the tables after a commit.
CREATE TABLE IF NOT EXISTS "teacher_record_cache" (
  "teacher_id" integer PRIMARY KEY NOT NULL REFERENCES "teachers"("id") ON DELETE CASCADE,
  "record" text NOT NULL
);
--> statement-breakpoint
-- The records of these teachers built from the tables (the wire shape of contract/structs/teacher.ts,
-- TeacherRecord; dates and URLs as migration 0028 describes), one row per existing teacher.
CREATE OR REPLACE FUNCTION teacher_records_build(ids integer[]) RETURNS TABLE (teacher_id integer, record text)
  LANGUAGE sql STABLE
AS $$
  SELECT t.id, json_build_object(
      'id', t.id, 'user_id', t.user_id, 'name', t.name, 'email', t.email, 'mobile_number', t.mobile_number,
      'whatsapp_number', t.whatsapp_number, 'alt_mobile', t.alt_mobile, 'gender', t.gender,
      'date_of_birth', to_char(t.date_of_birth, 'DD/MM/YYYY'), 'address', t.address,
      'latitude', t.latitude, 'longitude', t.longitude,
      'profile_photo', (SELECT CASE WHEN u.stored_name <> '' THEN '/uploads/profile_photos/' || u.stored_name END
        FROM uploads u WHERE u.id = t.profile_photo_id),
      'aadhar_photo', '/api/v1/uploads/' || t.aadhar_photo_id,
      'is_active', t.is_active, 'verification_status', t.verification_status,
      'verified', t.verification_status = 'verified', 'rejection_reason', t.rejection_reason,
      'review_changes', t.review_changes,
      'created_at', to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'teacher_educational_qualification', (
        SELECT json_build_object('id', q.id, 'teacher_id', t.id, 'degree_id', q.degree_id,
          'degree_name', q.degree_name, 'subject_id', q.subject_id,
          'subject_name', (SELECT s.name FROM subjects s WHERE s.id = q.subject_id),
          'year_of_passing', q.year_of_passing, 'school_name', q.school_name, 'college_name', q.college_name,
          'university_name', q.university_name, 'school_education_board', q.school_education_board)
        FROM teacher_educational_qualifications q WHERE q.teacher_id = t.id ORDER BY q.id DESC LIMIT 1),
      'teacher_preference', (
        SELECT json_build_object('id', p.id, 'teacher_id', t.id, 'teaching_radius_km', p.teaching_radius_km,
          'preferred_teaching_type', p.preferred_teaching_type, 'prior_experience', p.prior_experience,
          'teaching_mode', p.teaching_mode, 'teaching_location_preference', p.teaching_location_preference,
          'teaching_school', p.teaching_school, 'special_need_children', p.special_need_children,
          'special_attention_children', p.special_attention_children, 'preferred_medium', p.preferred_medium,
          'subject_ids', sj.subject_ids, 'subjects', sj.list,
          'mark_sheet', (SELECT json_build_object('id', u.id, 'url', '/api/v1/uploads/' || u.id,
            'file_name', u.original_name, 'content_type', u.content_type) FROM uploads u WHERE u.id = p.mark_sheet_id),
          'highest_qualification_certificate', (SELECT json_build_object('id', u.id, 'url', '/api/v1/uploads/' || u.id,
            'file_name', u.original_name, 'content_type', u.content_type)
            FROM uploads u WHERE u.id = p.highest_qualification_certificate_id),
          'resume', (SELECT json_build_object('id', u.id, 'url', '/api/v1/uploads/' || u.id,
            'file_name', u.original_name, 'content_type', u.content_type) FROM uploads u WHERE u.id = p.resume_id))
        FROM teacher_preferences p WHERE p.teacher_id = t.id ORDER BY p.id DESC LIMIT 1),
      'teacher_schedules', (
        SELECT coalesce(json_agg(json_build_object('id', sc.id, 'teacher_id', t.id, 'week_day', sc.week_day,
          'time_slots', (
            SELECT coalesce(json_agg(json_build_object('id', sl.id, 'time_of_day', sl.time_of_day,
              'preferred_group', sl.preferred_group) ORDER BY sl.id), '[]'::json)
            FROM time_slots sl WHERE sl.teacher_schedule_id = sc.id)) ORDER BY sc.week_day, sc.id), '[]'::json)
        FROM teacher_schedules sc WHERE sc.teacher_id = t.id),
      'subjects', sj.list)::text
    FROM teachers t
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY s.name, s.id), '[]'::json) AS list,
             coalesce(json_agg(s.id ORDER BY s.name, s.id), '[]'::json) AS subject_ids
        FROM teacher_subjects ts JOIN subjects s ON s.id = ts.subject_id WHERE ts.teacher_id = t.id) sj
   WHERE t.id IN (SELECT unnest(ids))
$$;
--> statement-breakpoint
-- Brings the stored records of these teachers in line with the tables (see the top of this file for
-- the lock). A teacher that no longer exists loses its record.
CREATE OR REPLACE FUNCTION teacher_record_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(ids) <= 16 THEN
    PERFORM pg_advisory_xact_lock_shared(4029, 0);
    PERFORM pg_advisory_xact_lock(4029, l.id) FROM (SELECT DISTINCT x AS id FROM unnest(ids) AS x ORDER BY 1) l;
  ELSE
    -- Many teachers at once (the backfill, a seed, a renamed subject): one lock for all of them
    -- instead of one each, which would fill the lock table.
    PERFORM pg_advisory_xact_lock(4029, 0);
  END IF;
  DELETE FROM teacher_record_cache c
   WHERE c.teacher_id IN (SELECT unnest(ids))
     AND NOT EXISTS (SELECT 1 FROM teachers t WHERE t.id = c.teacher_id);
  INSERT INTO teacher_record_cache AS c (teacher_id, record)
  SELECT b.teacher_id, b.record FROM teacher_records_build(ids) b
  ON CONFLICT (teacher_id) DO UPDATE SET record = excluded.record
  WHERE c.record IS DISTINCT FROM excluded.record;
END $$;
--> statement-breakpoint
-- teachers (inserted or updated; a deleted teacher's record goes by the foreign key),
-- teacher_subjects, teacher_educational_qualifications, teacher_preferences, teacher_schedules:
-- every teacher a statement touched.
CREATE OR REPLACE FUNCTION teacher_record_by_teacher_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'teachers' THEN
    PERFORM teacher_record_refresh(ARRAY(SELECT id FROM new_rows));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM teacher_record_refresh(ARRAY(SELECT DISTINCT teacher_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM teacher_record_refresh(ARRAY(SELECT DISTINCT teacher_id FROM old_rows));
  ELSE
    PERFORM teacher_record_refresh(ARRAY(SELECT teacher_id FROM new_rows UNION SELECT teacher_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER teacher_record_teachers_insert AFTER INSERT ON teachers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_record_by_teacher_id();
--> statement-breakpoint
CREATE TRIGGER teacher_record_teachers_update AFTER UPDATE ON teachers
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_record_by_teacher_id();
--> statement-breakpoint
CREATE TRIGGER teacher_record_subjects_insert AFTER INSERT ON teacher_subjects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_record_by_teacher_id();
--> statement-breakpoint
CREATE TRIGGER teacher_record_subjects_delete AFTER DELETE ON teacher_subjects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_record_by_teacher_id();
--> statement-breakpoint
CREATE TRIGGER teacher_record_subjects_update AFTER UPDATE ON teacher_subjects
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_record_by_teacher_id();
--> statement-breakpoint
CREATE TRIGGER teacher_record_qualifications_insert AFTER INSERT ON teacher_educational_qualifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_record_by_teacher_id();
--> statement-breakpoint
CREATE TRIGGER teacher_record_qualifications_delete AFTER DELETE ON teacher_educational_qualifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_record_by_teacher_id();
--> statement-breakpoint
CREATE TRIGGER teacher_record_qualifications_update AFTER UPDATE ON teacher_educational_qualifications
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_record_by_teacher_id();
--> statement-breakpoint
CREATE TRIGGER teacher_record_preferences_insert AFTER INSERT ON teacher_preferences
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_record_by_teacher_id();
--> statement-breakpoint
CREATE TRIGGER teacher_record_preferences_delete AFTER DELETE ON teacher_preferences
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_record_by_teacher_id();
--> statement-breakpoint
CREATE TRIGGER teacher_record_preferences_update AFTER UPDATE ON teacher_preferences
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_record_by_teacher_id();
--> statement-breakpoint
CREATE TRIGGER teacher_record_schedules_insert AFTER INSERT ON teacher_schedules
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_record_by_teacher_id();
--> statement-breakpoint
CREATE TRIGGER teacher_record_schedules_delete AFTER DELETE ON teacher_schedules
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_record_by_teacher_id();
--> statement-breakpoint
CREATE TRIGGER teacher_record_schedules_update AFTER UPDATE ON teacher_schedules
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_record_by_teacher_id();
--> statement-breakpoint
-- time_slots: the teachers of the schedules a statement touched (a slot removed with its schedule is
-- covered by the schedule's own trigger).
CREATE OR REPLACE FUNCTION teacher_record_by_schedule_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM teacher_record_refresh(ARRAY(SELECT DISTINCT sc.teacher_id FROM teacher_schedules sc
      WHERE sc.id IN (SELECT teacher_schedule_id FROM new_rows)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM teacher_record_refresh(ARRAY(SELECT DISTINCT sc.teacher_id FROM teacher_schedules sc
      WHERE sc.id IN (SELECT teacher_schedule_id FROM old_rows)));
  ELSE
    PERFORM teacher_record_refresh(ARRAY(SELECT DISTINCT sc.teacher_id FROM teacher_schedules sc
      WHERE sc.id IN (SELECT teacher_schedule_id FROM new_rows UNION SELECT teacher_schedule_id FROM old_rows)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER teacher_record_slots_insert AFTER INSERT ON time_slots
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_record_by_schedule_id();
--> statement-breakpoint
CREATE TRIGGER teacher_record_slots_delete AFTER DELETE ON time_slots
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_record_by_schedule_id();
--> statement-breakpoint
CREATE TRIGGER teacher_record_slots_update AFTER UPDATE ON time_slots
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_record_by_schedule_id();
--> statement-breakpoint
-- subjects: a renamed subject's name is in the records of the teachers who teach it and of those whose
-- latest qualification names it (a subject still referenced cannot be deleted; teacher_subjects rows
-- go by their foreign key, with their own trigger).
CREATE OR REPLACE FUNCTION teacher_record_by_subject() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM teacher_record_refresh(ARRAY(
    SELECT ts.teacher_id FROM teacher_subjects ts WHERE ts.subject_id IN (
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name)
    UNION
    SELECT q.teacher_id FROM teacher_educational_qualifications q WHERE q.subject_id IN (
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER teacher_record_subject_names_update AFTER UPDATE ON subjects
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_record_by_subject();
--> statement-breakpoint
-- uploads: a record shows the profile photo's stored name and the documents' names and types (an
-- upload still referenced cannot be deleted).
CREATE OR REPLACE FUNCTION teacher_record_by_upload() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM teacher_record_refresh(ARRAY(
    WITH changed AS (
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.stored_name, n.original_name, n.content_type)
         IS DISTINCT FROM (o.stored_name, o.original_name, o.content_type))
    SELECT t.id FROM teachers t WHERE t.profile_photo_id IN (SELECT id FROM changed)
    UNION
    SELECT p.teacher_id FROM teacher_preferences p
     WHERE p.mark_sheet_id IN (SELECT id FROM changed)
        OR p.highest_qualification_certificate_id IN (SELECT id FROM changed)
        OR p.resume_id IN (SELECT id FROM changed)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER teacher_record_uploads_update AFTER UPDATE ON uploads
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_record_by_upload();
--> statement-breakpoint
-- Reading: the stored records of these ids, in that order (missing ids skipped), as one JSON array
-- (the text migration 0028's function built; the admin list reads the texts one by one instead,
-- server/services/teacher-records.ts). PL/pgSQL, as in 0028, so that the statement is
-- planned once per connection: a SQL function's body is planned again on every call (0.6 ms of the
-- 0.9 ms a page took, measured with EXPLAIN ANALYZE).
DROP FUNCTION IF EXISTS teacher_records_json(integer[]);
--> statement-breakpoint
CREATE FUNCTION teacher_records_json(teacher_ids integer[]) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT '[' || coalesce(string_agg(c.record, ', ' ORDER BY page.ord), '') || ']'
    FROM unnest(teacher_ids) WITH ORDINALITY AS page(id, ord)
    JOIN teacher_record_cache c ON c.teacher_id = page.id);
END
$$;
--> statement-breakpoint
-- Backfill.
SELECT teacher_record_refresh(ARRAY(SELECT id FROM teachers ORDER BY id));
