-- Moderated subjects: a subject a student adds is pending (seen by them and administrators only)
-- until an administrator approves it, merges it into another subject, or rejects it.
ALTER TABLE "subjects" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "created_by_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "merged_into_id" integer REFERENCES "subjects"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX "subjects_status_idx" ON "subjects" USING btree ("status") WHERE "status" <> 'approved';--> statement-breakpoint
CREATE INDEX "subjects_created_by_idx" ON "subjects" USING btree ("created_by_user_id","created_at");--> statement-breakpoint
-- What changed since the last review (field names), shown to administrators in Teacher Approvals.
ALTER TABLE "teachers" ADD COLUMN "review_changes" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Matching by distance: the bounding box on latitude/longitude comes first, then the great-circle check.
CREATE INDEX "teachers_location_idx" ON "teachers" USING btree ("latitude","longitude") WHERE "is_active" AND "latitude" IS NOT NULL;--> statement-breakpoint
-- The student's location for a request (optional; matching uses distance only when it is known).
ALTER TABLE "teacher_student_requests" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "teacher_student_requests" ADD COLUMN "longitude" double precision;
