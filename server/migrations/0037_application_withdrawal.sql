-- A job seeker withdraws an application still in progress: a new, final status 'withdrawn'. They may
-- then apply to the same posting again while it takes applications (docs/product.md, Withdrawing an application): the
-- unique index keeps one live application per posting and job seeker, and no longer counts withdrawn
-- ones (a new application is a new row; the withdrawn one keeps its history for both sides).
ALTER TABLE "job_applications" DROP CONSTRAINT IF EXISTS "job_applications_status_check";
--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_status_check" CHECK ("status" IN ('applied', 'shortlisted', 'hired', 'not_selected', 'withdrawn'));
--> statement-breakpoint
DROP INDEX IF EXISTS "job_applications_posting_seeker_key";
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "job_applications_posting_seeker_key" ON "job_applications" USING btree ("job_posting_id", "job_seeker_id") WHERE "status" <> 'withdrawn';
--> statement-breakpoint
-- The administrators' notifications read the withdrawals since their last visit from the history.
CREATE INDEX IF NOT EXISTS "job_application_events_withdrawn_idx" ON "job_application_events" USING btree ("created_at") WHERE "status" = 'withdrawn';
