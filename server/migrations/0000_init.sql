CREATE TABLE "activity_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"subject_type" text,
	"subject_id" integer,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"notifications_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"principal_type" text NOT NULL,
	"principal_id" integer NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "degrees" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer,
	"kind" text NOT NULL,
	"stored_name" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_educational_qualifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"degree_id" integer DEFAULT 1 NOT NULL,
	"current_academic_level" text,
	"school_name" text,
	"college_name" text,
	"university_name" text,
	"additional_information" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_preferences" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"subject_ids" integer[] DEFAULT '{}' NOT NULL,
	"mode_of_teaching" text DEFAULT 'online' NOT NULL,
	"preferred_group" text DEFAULT 'individual' NOT NULL,
	"preferred_medium" text DEFAULT 'english' NOT NULL,
	"teacher_assignment_preference" text DEFAULT 'multiple' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"mobile_number" text NOT NULL,
	"address" text NOT NULL,
	"gender" text NOT NULL,
	"age" integer NOT NULL,
	"guardian_number" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"date_of_birth" date NOT NULL,
	"marital_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teacher_student_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"teacher_id" integer,
	"parent_request_id" integer,
	"subject_ids" integer[] NOT NULL,
	"status" text DEFAULT 'request_send' NOT NULL,
	"mode_of_teaching" text NOT NULL,
	"preferred_group" text NOT NULL,
	"preferred_medium" text NOT NULL,
	"teacher_assignment_preference" text NOT NULL,
	"preferred_time" text[] NOT NULL,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teacher_educational_qualifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"degree_id" integer,
	"degree_name" text,
	"subject_id" integer,
	"year_of_passing" text NOT NULL,
	"school_name" text NOT NULL,
	"college_name" text NOT NULL,
	"university_name" text NOT NULL,
	"school_education_board" text DEFAULT 'cbse' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teacher_preferences" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"teaching_radius_km" integer NOT NULL,
	"preferred_teaching_type" text DEFAULT 'individual' NOT NULL,
	"prior_experience" integer NOT NULL,
	"teaching_mode" text NOT NULL,
	"teaching_location_preference" text,
	"teaching_school" boolean NOT NULL,
	"special_need_children" boolean NOT NULL,
	"special_attention_children" boolean NOT NULL,
	"preferred_medium" text[] NOT NULL,
	"mark_sheet_id" integer,
	"highest_qualification_certificate_id" integer,
	"resume_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teacher_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"week_day" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teacher_subjects" (
	"teacher_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	CONSTRAINT "teacher_subjects_teacher_id_subject_id_pk" PRIMARY KEY("teacher_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"mobile_number" text NOT NULL,
	"whatsapp_number" text,
	"alt_mobile" text,
	"gender" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"address" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"profile_photo_id" integer,
	"aadhar_photo_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"verification_status" text DEFAULT 'pending' NOT NULL,
	"verified_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_schedule_id" integer NOT NULL,
	"time_of_day" text NOT NULL,
	"preferred_group" text DEFAULT 'any' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_educational_qualifications" ADD CONSTRAINT "student_educational_qualifications_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_educational_qualifications" ADD CONSTRAINT "student_educational_qualifications_degree_id_degrees_id_fk" FOREIGN KEY ("degree_id") REFERENCES "public"."degrees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_preferences" ADD CONSTRAINT "student_preferences_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_student_requests" ADD CONSTRAINT "teacher_student_requests_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_student_requests" ADD CONSTRAINT "teacher_student_requests_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_educational_qualifications" ADD CONSTRAINT "teacher_educational_qualifications_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_educational_qualifications" ADD CONSTRAINT "teacher_educational_qualifications_degree_id_degrees_id_fk" FOREIGN KEY ("degree_id") REFERENCES "public"."degrees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_educational_qualifications" ADD CONSTRAINT "teacher_educational_qualifications_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_preferences" ADD CONSTRAINT "teacher_preferences_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_preferences" ADD CONSTRAINT "teacher_preferences_mark_sheet_id_uploads_id_fk" FOREIGN KEY ("mark_sheet_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_preferences" ADD CONSTRAINT "teacher_preferences_highest_qualification_certificate_id_uploads_id_fk" FOREIGN KEY ("highest_qualification_certificate_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_preferences" ADD CONSTRAINT "teacher_preferences_resume_id_uploads_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_schedules" ADD CONSTRAINT "teacher_schedules_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_subjects" ADD CONSTRAINT "teacher_subjects_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_subjects" ADD CONSTRAINT "teacher_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_profile_photo_id_uploads_id_fk" FOREIGN KEY ("profile_photo_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_aadhar_photo_id_uploads_id_fk" FOREIGN KEY ("aadhar_photo_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_teacher_schedule_id_teacher_schedules_id_fk" FOREIGN KEY ("teacher_schedule_id") REFERENCES "public"."teacher_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_created_at_idx" ON "activity_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "activity_log_action_idx" ON "activity_log" USING btree ("action");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_users_email_key" ON "admin_users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_refresh_token_hash_key" ON "sessions" USING btree ("refresh_token_hash");--> statement-breakpoint
CREATE INDEX "sessions_principal_idx" ON "sessions" USING btree ("principal_type","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_name_key" ON "subjects" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "student_edu_student_idx" ON "student_educational_qualifications" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "student_preferences_student_idx" ON "student_preferences" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_user_id_key" ON "students" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "students_created_at_idx" ON "students" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "requests_student_idx" ON "teacher_student_requests" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "requests_teacher_idx" ON "teacher_student_requests" USING btree ("teacher_id","status");--> statement-breakpoint
CREATE INDEX "requests_parent_idx" ON "teacher_student_requests" USING btree ("parent_request_id");--> statement-breakpoint
CREATE INDEX "requests_created_at_idx" ON "teacher_student_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "teacher_edu_teacher_idx" ON "teacher_educational_qualifications" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "teacher_preferences_teacher_idx" ON "teacher_preferences" USING btree ("teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_schedules_teacher_day_key" ON "teacher_schedules" USING btree ("teacher_id","week_day");--> statement-breakpoint
CREATE INDEX "teacher_subjects_subject_idx" ON "teacher_subjects" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teachers_user_id_key" ON "teachers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "teachers_created_at_idx" ON "teachers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "teachers_active_idx" ON "teachers" USING btree ("is_active","id");--> statement-breakpoint
CREATE UNIQUE INDEX "time_slots_schedule_time_key" ON "time_slots" USING btree ("teacher_schedule_id","time_of_day");