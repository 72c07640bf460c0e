-- The admin list search by subject name reads teacher ids per subject straight from this index
-- (index-only), and matching still finds teachers per subject with it.
DROP INDEX "teacher_subjects_subject_idx";--> statement-breakpoint
CREATE INDEX "teacher_subjects_subject_idx" ON "teacher_subjects" USING btree ("subject_id","teacher_id");