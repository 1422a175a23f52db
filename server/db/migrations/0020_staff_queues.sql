-- Staff's queues and each record's history (docs/decisions/040-staff-queues-and-history.md).
-- applications.status_since: when the application entered its current status, so staff's list shows and sorts by
-- days in status from one keyset index. The audit log is its source: every audited status change (staff's review,
-- closing and reopening, a resubmission) sets it to the entry's time, in the entry's transaction, by the trigger below.
-- The two status changes nobody audits (the first submission, the closing of drafts by their program's deadline or
-- closing) carry their own time in submitted_at and closed_at; a second trigger takes those, so the column is true
-- whichever path changed the status. The server never writes it.
ALTER TABLE "applications" ADD COLUMN "status_since" timestamp with time zone;--> statement-breakpoint
UPDATE "applications" a SET "status_since" = coalesce(
  (SELECT max(l."at") FROM "audit_log" l
     WHERE l."record_type" = 'application' AND l."record_id" = a."id" AND l."after"->>'status' = a."status"),
  CASE a."status" WHEN 'submitted' THEN a."submitted_at" WHEN 'closed' THEN a."closed_at" END,
  a."created_at");--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "status_since" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "status_since" SET NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION applications_status_since_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.status_since := NEW.created_at;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER applications_status_since_on_insert BEFORE INSERT ON applications
  FOR EACH ROW EXECUTE FUNCTION applications_status_since_on_insert();--> statement-breakpoint
CREATE OR REPLACE FUNCTION applications_status_since_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.status_since := coalesce(
    CASE WHEN NEW.status = 'closed' THEN NEW.closed_at END,
    CASE WHEN OLD.status = 'draft' AND NEW.status = 'submitted' THEN NEW.submitted_at END,
    NEW.updated_at);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER applications_status_since_on_update BEFORE UPDATE OF status ON applications
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION applications_status_since_on_update();--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_status_since() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE applications SET status_since = NEW.at WHERE id = NEW.record_id AND status = NEW.after->>'status';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_status_since AFTER INSERT ON audit_log
  FOR EACH ROW WHEN (NEW.record_type = 'application' AND NEW.after ? 'status') EXECUTE FUNCTION audit_log_status_since();--> statement-breakpoint
CREATE INDEX "applications_status_since_sort" ON "applications" USING btree ("status_since","id");--> statement-breakpoint
-- A program's target: how many days an application may wait in one status before staff's list marks it.
ALTER TABLE "programs" ADD COLUMN "review_target_days" integer;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_review_target_days_check" CHECK ("review_target_days" BETWEEN 1 AND 365);--> statement-breakpoint
-- Which application an e-mail is about, so its timeline lists what the applicant was sent (null for other mail).
ALTER TABLE "mail_outbox" ADD COLUMN "application_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_application_idx" ON "mail_outbox" USING btree ("application_id") WHERE "application_id" IS NOT NULL;--> statement-breakpoint
-- The audit CSV for a date range reads entries by time.
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");
