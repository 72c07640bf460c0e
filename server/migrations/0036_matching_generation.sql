-- A generation number of everything a matching page reads: the match index and its ranked sets
-- (migrations 0027, 0034), the stored teacher records the cards are made from (0029), the preferences
-- and schedules the group-size filters read, the requests (the page's own, its connections), the
-- subject names, the student and the teacher its wire shape shows. A server keeps the pages it has
-- answered with the generation they were read at, and serves one again only when the generation its
-- statement reads is still the same (server/lib/matching.ts): any committed change to those tables
-- gives another number.
--
-- The number is bumped once per writing transaction, by a deferred trigger: at commit, after every
-- other lock the transaction takes, so waiting for the row's lock cannot close a cycle (no deadlock),
-- and it is held only while the transaction commits. A reader's statement sees the number and the
-- data of the same snapshot, so a number names one state of all those tables. Users count only when
-- their email changes (the student's email is in the request's wire shape; sign-ins write users too).
CREATE TABLE IF NOT EXISTS "matching_generation" (
  "id" integer PRIMARY KEY CHECK ("id" = 1),
  "n" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "matching_generation" ("id", "n") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION matching_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction (the setting is the transaction's own and ends with it).
  IF current_setting('matching.generation_bumped', true) IS DISTINCT FROM 'on' THEN
    UPDATE matching_generation SET n = n + 1 WHERE id = 1;
    PERFORM set_config('matching.generation_bumped', 'on', true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER matching_generation_teacher_match AFTER INSERT OR UPDATE OR DELETE ON "teacher_match"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE TRIGGER matching_generation_teacher_match_truncate AFTER TRUNCATE ON "teacher_match"
  FOR EACH STATEMENT EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER matching_generation_teacher_match_subset AFTER INSERT OR UPDATE OR DELETE ON "teacher_match_subset"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE TRIGGER matching_generation_teacher_match_subset_truncate AFTER TRUNCATE ON "teacher_match_subset"
  FOR EACH STATEMENT EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER matching_generation_teacher_match_count AFTER INSERT OR UPDATE OR DELETE ON "teacher_match_count"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE TRIGGER matching_generation_teacher_match_count_truncate AFTER TRUNCATE ON "teacher_match_count"
  FOR EACH STATEMENT EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER matching_generation_teacher_record_cache AFTER INSERT OR UPDATE OR DELETE ON "teacher_record_cache"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE TRIGGER matching_generation_teacher_record_cache_truncate AFTER TRUNCATE ON "teacher_record_cache"
  FOR EACH STATEMENT EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER matching_generation_teacher_preferences AFTER INSERT OR UPDATE OR DELETE ON "teacher_preferences"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE TRIGGER matching_generation_teacher_preferences_truncate AFTER TRUNCATE ON "teacher_preferences"
  FOR EACH STATEMENT EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER matching_generation_teacher_schedules AFTER INSERT OR UPDATE OR DELETE ON "teacher_schedules"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE TRIGGER matching_generation_teacher_schedules_truncate AFTER TRUNCATE ON "teacher_schedules"
  FOR EACH STATEMENT EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER matching_generation_time_slots AFTER INSERT OR UPDATE OR DELETE ON "time_slots"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE TRIGGER matching_generation_time_slots_truncate AFTER TRUNCATE ON "time_slots"
  FOR EACH STATEMENT EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER matching_generation_teachers AFTER INSERT OR UPDATE OR DELETE ON "teachers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE TRIGGER matching_generation_teachers_truncate AFTER TRUNCATE ON "teachers"
  FOR EACH STATEMENT EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER matching_generation_teacher_student_requests AFTER INSERT OR UPDATE OR DELETE ON "teacher_student_requests"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE TRIGGER matching_generation_teacher_student_requests_truncate AFTER TRUNCATE ON "teacher_student_requests"
  FOR EACH STATEMENT EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER matching_generation_subjects AFTER INSERT OR UPDATE OR DELETE ON "subjects"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE TRIGGER matching_generation_subjects_truncate AFTER TRUNCATE ON "subjects"
  FOR EACH STATEMENT EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER matching_generation_students AFTER INSERT OR UPDATE OR DELETE ON "students"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE TRIGGER matching_generation_students_truncate AFTER TRUNCATE ON "students"
  FOR EACH STATEMENT EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER matching_generation_users_email AFTER UPDATE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."email" IS DISTINCT FROM NEW."email")
  EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER matching_generation_users_delete AFTER DELETE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION matching_generation_bump();
--> statement-breakpoint
CREATE TRIGGER matching_generation_users_truncate AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION matching_generation_bump();
