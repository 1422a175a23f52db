-- Staff's verdict on each document of an application: verified, or rejected with the reason that became a change
-- request (docs/decisions/032-document-checklist.md).
ALTER TABLE "application_files" ADD COLUMN "verdict" text;--> statement-breakpoint
ALTER TABLE "application_files" ADD COLUMN "verdict_reason" text;--> statement-breakpoint
ALTER TABLE "application_files" ADD COLUMN "verdict_by" integer;--> statement-breakpoint
ALTER TABLE "application_files" ADD COLUMN "verdict_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_files" ADD CONSTRAINT "application_files_verdict_by_users_id_fk" FOREIGN KEY ("verdict_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_files" ADD CONSTRAINT "application_files_verdict_check" CHECK ("application_files"."verdict" is null or "application_files"."verdict" in ('verified', 'rejected'));