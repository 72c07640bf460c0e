-- The columns that point at uploads, indexed where set: a changed upload's records (migration 0029's
-- trigger looks the teachers up by photo and by document), a discarded upload's foreign-key checks
-- (a replaced photo or document is deleted: PostgreSQL then looks for rows still pointing at it in
-- every one of these columns) and the daily clean-up read them by upload id. Without them each of
-- those was a scan of every teacher and every preference.
CREATE INDEX IF NOT EXISTS "teachers_profile_photo_idx" ON "teachers" ("profile_photo_id") WHERE "profile_photo_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "teachers_aadhar_photo_idx" ON "teachers" ("aadhar_photo_id") WHERE "aadhar_photo_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "teacher_preferences_mark_sheet_idx" ON "teacher_preferences" ("mark_sheet_id") WHERE "mark_sheet_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "teacher_preferences_certificate_idx" ON "teacher_preferences" ("highest_qualification_certificate_id") WHERE "highest_qualification_certificate_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "teacher_preferences_resume_idx" ON "teacher_preferences" ("resume_id") WHERE "resume_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_seeker_educations_resume_idx" ON "job_seeker_educations" ("resume_upload_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_applications_resume_idx" ON "job_applications" ("resume_upload_id");
