DROP INDEX "application_files_application_kind_key";--> statement-breakpoint
CREATE UNIQUE INDEX "application_files_intake_form_key" ON "application_files" USING btree ("application_id") WHERE "application_files"."kind" = 'intake_form';--> statement-breakpoint
CREATE INDEX "application_files_application_key" ON "application_files" USING btree ("application_id","kind");