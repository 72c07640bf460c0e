-- Two students sending requests at the same time upsert some of the same rollup rows (this month's
-- 'online', 'Physics'...). Rows taken in a fixed order (ORDER BY the key) so that concurrent
-- transactions on PostgreSQL queue behind each other instead of deadlocking. Otherwise as migration 0006.
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
  SELECT month, kind, key, sum(d) FROM keyed GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (month, kind, key) DO UPDATE SET n = counts.n + excluded.n;
  -- A deleted student's group was kept until their requests were taken off (see below).
  DELETE FROM admin_student_groups g
   WHERE g.student_id IN (SELECT r.student_id FROM unnest(removed) r)
     AND NOT EXISTS (SELECT 1 FROM students s WHERE s.id = g.student_id)
$$;
--> statement-breakpoint
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
    SELECT month, 'busy', key, sum(d) FROM keyed GROUP BY 1, 3 HAVING sum(d) <> 0 ORDER BY 1, 3
    ON CONFLICT (month, kind, key) DO UPDATE SET n = counts.n + excluded.n
  ), grouped AS (
    INSERT INTO admin_student_groups AS g (student_id, grp)
    SELECT student_id, new_grp FROM moved WHERE new_grp IS NOT NULL ORDER BY 1
    ON CONFLICT (student_id) DO UPDATE SET grp = excluded.grp
  )
  DELETE FROM admin_student_groups WHERE student_id IN (SELECT student_id FROM moved WHERE new_grp IS NULL)
$$;
