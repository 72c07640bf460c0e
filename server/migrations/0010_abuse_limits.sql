-- Rate limits and sign-in throttles live in the database, so every server process on one
-- PostgreSQL enforces one limit and a restart does not reset them. One row per counter key
-- (for example "sign_in:address:203.0.113.9"): hits in the current window; blocked_until is the
-- growing delay an account's failed sign-ins earn.
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_started_at");--> statement-breakpoint
-- Addresses an account has signed in from successfully: the owner there is not slowed down by
-- someone else's failures.
CREATE TABLE "sign_in_addresses" (
	"account" text NOT NULL,
	"address" text NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_addresses_pk" PRIMARY KEY("account","address")
);
--> statement-breakpoint
-- Refresh tokens already exchanged: presenting one again is theft, and ends its session.
CREATE TABLE "retired_refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "retired_refresh_tokens" ADD CONSTRAINT "retired_refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retired_refresh_tokens_session_idx" ON "retired_refresh_tokens" USING btree ("session_id");
