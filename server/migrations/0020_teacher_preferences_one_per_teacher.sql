-- One preference record per teacher: saving again replaces it. Older duplicates (from two first saves
-- racing before this index existed) give way to the newest, which is the one every read already used.
DELETE FROM "teacher_preferences" AS "older" USING "teacher_preferences" AS "newer" WHERE "older"."teacher_id" = "newer"."teacher_id" AND "older"."id" < "newer"."id";--> statement-breakpoint
DROP INDEX IF EXISTS "teacher_preferences_teacher_idx";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "teacher_preferences_teacher_key" ON "teacher_preferences" USING btree ("teacher_id");
