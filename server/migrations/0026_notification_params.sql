-- Notifications keep what happened (kind + parameters: names, subjects, reason) so that each
-- reader sees them in their own language; title and body stay as the English text for older clients.
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;
--> statement-breakpoint
-- A decline reason picked from the presets is kept as its key (shown in the student's language);
-- decline_reason keeps the free text (or the English preset text, for older clients).
ALTER TABLE "teacher_student_requests" ADD COLUMN "decline_reason_key" text;
