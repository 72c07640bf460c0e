-- The job side: job seekers (role 3) with their details and resume, job postings administrators
-- publish on behalf of the organisations that hire, applications with their status history.
CREATE TABLE IF NOT EXISTS "job_seekers" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "name" text NOT NULL,
  "mobile_number" text NOT NULL,
  "alternate_number" text NOT NULL DEFAULT '',
  "gender" text NOT NULL,
  "date_of_birth" date NOT NULL,
  "marital_status" text NOT NULL,
  "address" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "job_seekers_user_id_key" ON "job_seekers" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "job_seeker_educations" (
  "id" serial PRIMARY KEY NOT NULL,
  "job_seeker_id" integer NOT NULL REFERENCES "job_seekers"("id") ON DELETE cascade,
  "degree_id" integer NOT NULL REFERENCES "degrees"("id"),
  "school_name" text NOT NULL,
  "year_of_passing" integer NOT NULL,
  "resume_upload_id" integer NOT NULL REFERENCES "uploads"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "job_seeker_educations_seeker_key" ON "job_seeker_educations" USING btree ("job_seeker_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "job_postings" (
  "id" serial PRIMARY KEY NOT NULL,
  "organisation" text NOT NULL,
  "industry" text NOT NULL CHECK ("industry" IN ('school', 'coaching_centre', 'college', 'ed_tech', 'corporate_training', 'other')),
  "title" text NOT NULL,
  "location" text NOT NULL,
  "employment_type" text NOT NULL CHECK ("employment_type" IN ('full_time', 'part_time', 'contract')),
  "pay_min" integer,
  "pay_max" integer,
  "description" text NOT NULL,
  "closing_date" date NOT NULL,
  "status" text DEFAULT 'open' NOT NULL CHECK ("status" IN ('open', 'closed')),
  "closed_at" timestamp with time zone,
  "created_by_admin_id" integer REFERENCES "admin_users"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_postings_open_idx" ON "job_postings" USING btree ("status", "closing_date", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_postings_created_at_idx" ON "job_postings" USING btree ("created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "job_applications" (
  "id" serial PRIMARY KEY NOT NULL,
  "job_posting_id" integer NOT NULL REFERENCES "job_postings"("id") ON DELETE cascade,
  "job_seeker_id" integer NOT NULL REFERENCES "job_seekers"("id") ON DELETE cascade,
  "resume_upload_id" integer NOT NULL REFERENCES "uploads"("id"),
  "cover_note" text,
  "status" text DEFAULT 'applied' NOT NULL CHECK ("status" IN ('applied', 'shortlisted', 'hired', 'not_selected')),
  "status_note" text,
  "status_changed_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "job_applications_posting_seeker_key" ON "job_applications" USING btree ("job_posting_id", "job_seeker_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_applications_seeker_idx" ON "job_applications" USING btree ("job_seeker_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_applications_created_at_idx" ON "job_applications" USING btree ("created_at", "status");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "job_application_events" (
  "id" serial PRIMARY KEY NOT NULL,
  "job_application_id" integer NOT NULL REFERENCES "job_applications"("id") ON DELETE cascade,
  "status" text NOT NULL,
  "note" text,
  "admin_id" integer REFERENCES "admin_users"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_application_events_app_idx" ON "job_application_events" USING btree ("job_application_id", "created_at");
