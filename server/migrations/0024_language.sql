-- The interface language each account chose (en, bn or hi); null until they choose one.
ALTER TABLE "users" ADD COLUMN "language" text;
--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "language" text;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("language" IS NULL OR "language" IN ('en', 'bn', 'hi'));
--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_language_check" CHECK ("language" IS NULL OR "language" IN ('en', 'bn', 'hi'));
