-- What an administrator reviews (name, date of birth, the Aadhar photo, mark sheet and certificate)
-- gets a version: it goes up by one with every write that changes any of it, whoever writes it
-- (server/lib/teacher-review.ts). The records carry it; an administrator's decision sends back the
-- version their screen showed, and the decision's UPDATE changes nothing when the teacher has changed
-- what is reviewed since (docs/product.md, Verification). The records are built as in migration 0029,
-- with the version after review_changes, and stored again.
ALTER TABLE "teachers" ADD COLUMN IF NOT EXISTS "review_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
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
      'review_changes', t.review_changes, 'review_version', t.review_version,
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
SELECT teacher_record_refresh(ARRAY(SELECT id FROM teachers ORDER BY id));
