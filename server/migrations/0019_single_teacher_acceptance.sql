-- A request meant for one teacher only can be accepted by one teacher: the database refuses a second
-- acceptance among the copies of the same student's request, whatever the timing.
CREATE UNIQUE INDEX IF NOT EXISTS "requests_single_accepted_key" ON "teacher_student_requests" USING btree ("parent_request_id") WHERE "status" = 'accepted' AND "teacher_assignment_preference" = 'single';
