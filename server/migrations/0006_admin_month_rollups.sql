-- The month overview (D9) at 100,000 teachers: reading every request of a month, unnesting its
-- subjects and times and finding each student's latest qualification costs more than the 200 ms
-- budget, so statement-level triggers keep per-month counts of the requests students made (not the
-- copies sent to teachers) and the students per status. The dashboard reads these few rows.
-- Months are calendar months in India (UTC+05:30, no daylight saving), as in server/lib/admin-overview.ts.
CREATE OR REPLACE FUNCTION admin_month_of(instant timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char((instant AT TIME ZONE 'UTC') + interval '5 hours 30 minutes', 'YYYY-MM')
$$;
--> statement-breakpoint
-- The student group of the Busy Hours chart from a qualification's degree: school (1-3), college (4-6), working.
CREATE OR REPLACE FUNCTION admin_student_group(degree integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN degree <= 3 THEN 'school_students' WHEN degree <= 6 THEN 'college_students' ELSE 'working_pro' END
$$;
--> statement-breakpoint
-- kind 'mode': key = mode_of_teaching; 'subject': key = subject id; 'busy': key = '<time>|<student group>'
-- (the group of the student's latest qualification; students without one are not counted).
CREATE TABLE IF NOT EXISTS admin_month_request_counts (
  month text NOT NULL,
  kind text NOT NULL,
  key text NOT NULL,
  n bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (month, kind, key)
);
--> statement-breakpoint
-- The group each student's requests are counted under: the group of their latest qualification
-- (no row: no qualification, not counted). No foreign key on purpose: when a student is deleted,
-- the cascaded deletes of their qualifications and requests run before either statement trigger
-- fires, so the row must outlive the student until their requests' counts have been taken off.
CREATE TABLE IF NOT EXISTS admin_student_groups (
  student_id integer PRIMARY KEY,
  grp text NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_request_counts_apply(added teacher_student_requests[], removed teacher_student_requests[])
RETURNS void LANGUAGE sql AS $$
  WITH changed AS (
    SELECT 1 AS d, a.student_id, a.mode_of_teaching, a.subject_ids, a.preferred_time, a.created_at
      FROM unnest(added) a WHERE a.parent_request_id IS NULL
    UNION ALL
    SELECT -1, r.student_id, r.mode_of_teaching, r.subject_ids, r.preferred_time, r.created_at
      FROM unnest(removed) r WHERE r.parent_request_id IS NULL
  ), keyed AS (
    SELECT admin_month_of(c.created_at) AS month, 'mode' AS kind, c.mode_of_teaching AS key, c.d FROM changed c
    UNION ALL
    SELECT admin_month_of(c.created_at), 'subject', s.id::text, c.d
      FROM changed c CROSS JOIN LATERAL unnest(c.subject_ids) AS s(id) WHERE s.id IS NOT NULL
    UNION ALL
    SELECT admin_month_of(c.created_at), 'busy', t.slot || '|' || g.grp, c.d
      FROM changed c
      JOIN admin_student_groups g ON g.student_id = c.student_id
      CROSS JOIN LATERAL unnest(c.preferred_time) AS t(slot) WHERE t.slot IS NOT NULL
  )
  INSERT INTO admin_month_request_counts AS counts (month, kind, key, n)
  SELECT month, kind, key, sum(d) FROM keyed GROUP BY 1, 2, 3 HAVING sum(d) <> 0
  ON CONFLICT (month, kind, key) DO UPDATE SET n = counts.n + excluded.n;
  -- A deleted student's group was kept until their requests were taken off (see below).
  DELETE FROM admin_student_groups g
   WHERE g.student_id IN (SELECT r.student_id FROM unnest(removed) r)
     AND NOT EXISTS (SELECT 1 FROM students s WHERE s.id = g.student_id)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_request_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM admin_request_counts_apply(ARRAY(SELECT x::teacher_student_requests FROM new_rows x), '{}'::teacher_student_requests[]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_request_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM admin_request_counts_apply('{}'::teacher_student_requests[], ARRAY(SELECT x::teacher_student_requests FROM old_rows x));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_request_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM admin_request_counts_apply(ARRAY(SELECT x::teacher_student_requests FROM new_rows x), ARRAY(SELECT x::teacher_student_requests FROM old_rows x));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER admin_request_counts_insert AFTER INSERT ON teacher_student_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_request_counts_insert();
--> statement-breakpoint
CREATE TRIGGER admin_request_counts_delete AFTER DELETE ON teacher_student_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_request_counts_delete();
--> statement-breakpoint
CREATE TRIGGER admin_request_counts_update AFTER UPDATE ON teacher_student_requests
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_request_counts_update();
--> statement-breakpoint
-- A student's latest qualification decides the group of all their requests: when a statement on
-- student_educational_qualifications changes it, their busy-hour counts move from the old group to
-- the new. Students already deleted are left alone (their requests' trigger takes them off).
CREATE OR REPLACE FUNCTION admin_student_groups_apply(added student_educational_qualifications[], removed student_educational_qualifications[])
RETURNS void LANGUAGE sql AS $$
  WITH affected AS (
    SELECT DISTINCT x.student_id FROM (
      SELECT a.student_id FROM unnest(added) a UNION ALL SELECT r.student_id FROM unnest(removed) r) x
     WHERE EXISTS (SELECT 1 FROM students s WHERE s.id = x.student_id)
  ), latest AS (
    SELECT f.student_id, (
      SELECT admin_student_group(q.degree_id) FROM student_educational_qualifications q
       WHERE q.student_id = f.student_id ORDER BY q.id DESC LIMIT 1) AS grp
      FROM affected f
  ), moved AS (
    SELECT l.student_id, g.grp AS old_grp, l.grp AS new_grp
      FROM latest l LEFT JOIN admin_student_groups g USING (student_id)
     WHERE g.grp IS DISTINCT FROM l.grp
  ), keyed AS (
    SELECT admin_month_of(r.created_at) AS month, t.slot || '|' || m.old_grp AS key, -1 AS d
      FROM moved m JOIN teacher_student_requests r ON r.student_id = m.student_id AND r.parent_request_id IS NULL
      CROSS JOIN LATERAL unnest(r.preferred_time) AS t(slot)
     WHERE m.old_grp IS NOT NULL AND t.slot IS NOT NULL
    UNION ALL
    SELECT admin_month_of(r.created_at), t.slot || '|' || m.new_grp, 1
      FROM moved m JOIN teacher_student_requests r ON r.student_id = m.student_id AND r.parent_request_id IS NULL
      CROSS JOIN LATERAL unnest(r.preferred_time) AS t(slot)
     WHERE m.new_grp IS NOT NULL AND t.slot IS NOT NULL
  ), counted AS (
    INSERT INTO admin_month_request_counts AS counts (month, kind, key, n)
    SELECT month, 'busy', key, sum(d) FROM keyed GROUP BY 1, 3 HAVING sum(d) <> 0
    ON CONFLICT (month, kind, key) DO UPDATE SET n = counts.n + excluded.n
  ), grouped AS (
    INSERT INTO admin_student_groups AS g (student_id, grp)
    SELECT student_id, new_grp FROM moved WHERE new_grp IS NOT NULL
    ON CONFLICT (student_id) DO UPDATE SET grp = excluded.grp
  )
  DELETE FROM admin_student_groups WHERE student_id IN (SELECT student_id FROM moved WHERE new_grp IS NULL)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_student_groups_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM admin_student_groups_apply(ARRAY(SELECT x::student_educational_qualifications FROM new_rows x), '{}'::student_educational_qualifications[]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_student_groups_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM admin_student_groups_apply('{}'::student_educational_qualifications[], ARRAY(SELECT x::student_educational_qualifications FROM old_rows x));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_student_groups_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM admin_student_groups_apply(ARRAY(SELECT x::student_educational_qualifications FROM new_rows x), ARRAY(SELECT x::student_educational_qualifications FROM old_rows x));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER admin_student_groups_insert AFTER INSERT ON student_educational_qualifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_student_groups_insert();
--> statement-breakpoint
CREATE TRIGGER admin_student_groups_delete AFTER DELETE ON student_educational_qualifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_student_groups_delete();
--> statement-breakpoint
CREATE TRIGGER admin_student_groups_update AFTER UPDATE ON student_educational_qualifications
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_student_groups_update();
--> statement-breakpoint
-- The groups and counts of the students and requests already there.
INSERT INTO admin_student_groups (student_id, grp)
SELECT DISTINCT ON (q.student_id) q.student_id, admin_student_group(q.degree_id)
  FROM student_educational_qualifications q ORDER BY q.student_id, q.id DESC;
--> statement-breakpoint
SELECT admin_request_counts_apply(ARRAY(SELECT x FROM teacher_student_requests x), '{}'::teacher_student_requests[]);
--> statement-breakpoint
-- Students per status, like teacher_status_counts (migration 0004): the current month's cards.
CREATE TABLE IF NOT EXISTS student_status_counts (
  is_active boolean PRIMARY KEY,
  n bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO student_status_counts (is_active, n)
SELECT v.b, (SELECT count(*) FROM students s WHERE s.is_active = v.b) FROM (VALUES (true), (false)) AS v(b)
ON CONFLICT (is_active) DO UPDATE SET n = excluded.n;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION student_status_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE student_status_counts c SET n = c.n + d.n
    FROM (SELECT is_active, count(*) AS n FROM new_rows GROUP BY is_active) d
   WHERE c.is_active = d.is_active;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION student_status_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE student_status_counts c SET n = c.n - d.n
    FROM (SELECT is_active, count(*) AS n FROM old_rows GROUP BY is_active) d
   WHERE c.is_active = d.is_active;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION student_status_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE student_status_counts c SET n = c.n + d.n
    FROM (SELECT is_active, sum(delta) AS n FROM (
            SELECT is_active, 1 AS delta FROM new_rows
            UNION ALL
            SELECT is_active, -1 AS delta FROM old_rows) x
          GROUP BY is_active) d
   WHERE c.is_active = d.is_active AND d.n <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER student_status_counts_insert AFTER INSERT ON students
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_status_counts_insert();
--> statement-breakpoint
CREATE TRIGGER student_status_counts_delete AFTER DELETE ON students
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION student_status_counts_delete();
--> statement-breakpoint
CREATE TRIGGER student_status_counts_update AFTER UPDATE ON students
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION student_status_counts_update();
