-- Signed-in devices (docs/decisions/057-see-your-sessions.md): one row per session (the refresh token's jti), with the
-- device's User-Agent and network address, when it signed in and was last used. Ending one writes its jti to
-- revoked_tokens, as a sign-out does; this table only describes sessions, it never decides whether one is alive.
CREATE TABLE "signed_in_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"token_version" integer NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "signed_in_sessions_user_idx" ON "signed_in_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "signed_in_sessions_expires_at_idx" ON "signed_in_sessions" USING btree ("expires_at");
