-- Review rules (docs/decisions/036-review-rules.md): a program's second-person approval (on unless staff turn it off),
-- the approval proposed and confirmed, who asked for the last changes and when the applicant last resubmitted, a
-- rejected document kept as history once replaced (the intake form's one-per-application index then counts only
-- the current form), and each staff member's conflict-of-interest declaration per application.
ALTER TABLE "programs" ADD COLUMN "approval_needs_confirmation" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "resubmitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "changes_requested_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "approval_proposed_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "approval_proposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "approval_reason" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "approval_confirmed_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "approval_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_files" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
DROP INDEX "application_files_intake_form_key";--> statement-breakpoint
CREATE UNIQUE INDEX "application_files_intake_form_key" ON "application_files" ("application_id") WHERE "kind" = 'intake_form' AND "replaced_at" IS NULL;--> statement-breakpoint
CREATE TABLE "application_conflict_declarations" (
  "application_id" integer NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
  "staff_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "conflict" boolean NOT NULL,
  "declared_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("application_id", "staff_id")
);
