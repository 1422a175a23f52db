-- The review lifecycle past submitted (docs/decisions/028-review-lifecycle.md): the new statuses, the reviewer, staff's
-- last change request (message and reopened steps) and the decision's reason. History is in the audit log.
ALTER TABLE "applications" DROP CONSTRAINT "applications_status_check";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "reviewer_id" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "change_message" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "change_steps" smallint[];--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "changes_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_reviewer_idx" ON "applications" USING btree ("reviewer_id");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('draft', 'submitted', 'in_review', 'changes_requested', 'approved', 'rejected', 'waitlisted', 'closed'));
