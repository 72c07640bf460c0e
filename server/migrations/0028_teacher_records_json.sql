-- The full teacher records of the given ids, in that order, as the JSON text of the API's wire shape
-- (contract/structs/teacher.ts, TeacherRecord): each teacher with its latest qualification and
-- preference, taught subjects (by name), weekly schedule and documents. Dates and times as the API
-- writes them: date of birth DD/MM/YYYY; created_at like JavaScript's toISOString (UTC,
-- milliseconds, Z; the microseconds cut off, as a JavaScript Date does). Private documents'
-- URLs are /api/v1/uploads/<id>, a profile photo's /uploads/profile_photos/<stored name>
-- (server/lib/uploads.ts). Missing ids are skipped.
--
-- A PL/pgSQL function so that its statement is planned once per connection (PL/pgSQL keeps the
-- plan): planning it costs more than running it for a page of 20 (about 1 ms of PostgreSQL's CPU, several
-- in PGlite). The plan is the generic one (for any ids): with a handful of ids expected, every part
-- is an index lookup per teacher, the same plan the values would give.
CREATE OR REPLACE FUNCTION teacher_records_json(teacher_ids integer[]) RETURNS text
  LANGUAGE plpgsql STABLE
  SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_object(
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
      'subjects', sj.list) ORDER BY page.ord), '[]'::json)::text
    FROM unnest(teacher_ids) WITH ORDINALITY AS page(id, ord)
    JOIN teachers t ON t.id = page.id
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY s.name, s.id), '[]'::json) AS list,
             coalesce(json_agg(s.id ORDER BY s.name, s.id), '[]'::json) AS subject_ids
        FROM teacher_subjects ts JOIN subjects s ON s.id = ts.subject_id WHERE ts.teacher_id = t.id) sj
  );
END
$$;
