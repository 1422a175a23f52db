-- Unfinished resumable uploads (docs/decisions/061-resumable-uploads.md), one row per tus upload from its creation
-- until it completes, is cancelled or expires: what bounds how many one person holds at once. The bytes themselves wait
-- in the tus store (files folder or bucket); this table only counts them.
CREATE TABLE "resumable_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"length" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "resumable_uploads_user_idx" ON "resumable_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "resumable_uploads_created_at_idx" ON "resumable_uploads" USING btree ("created_at");
