-- Teachers per status for the admin list (D10): counting 100,000 rows on every page costs more than
-- the page itself, so statement-level triggers keep the two totals up to date.
CREATE TABLE IF NOT EXISTS teacher_status_counts (
  is_active boolean PRIMARY KEY,
  n bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO teacher_status_counts (is_active, n)
SELECT v.b, (SELECT count(*) FROM teachers t WHERE t.is_active = v.b) FROM (VALUES (true), (false)) AS v(b)
ON CONFLICT (is_active) DO UPDATE SET n = excluded.n;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION teacher_status_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE teacher_status_counts c SET n = c.n + d.n
    FROM (SELECT is_active, count(*) AS n FROM new_rows GROUP BY is_active) d
   WHERE c.is_active = d.is_active;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION teacher_status_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE teacher_status_counts c SET n = c.n - d.n
    FROM (SELECT is_active, count(*) AS n FROM old_rows GROUP BY is_active) d
   WHERE c.is_active = d.is_active;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION teacher_status_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE teacher_status_counts c SET n = c.n + d.n
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
CREATE TRIGGER teacher_status_counts_insert AFTER INSERT ON teachers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_status_counts_insert();
--> statement-breakpoint
CREATE TRIGGER teacher_status_counts_delete AFTER DELETE ON teachers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_status_counts_delete();
--> statement-breakpoint
CREATE TRIGGER teacher_status_counts_update AFTER UPDATE ON teachers
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teacher_status_counts_update();
