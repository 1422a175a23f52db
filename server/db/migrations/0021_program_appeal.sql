-- What an applicant may do about a decision (docs/decisions/041-what-applicants-are-told.md): each program's appeal or
-- reconsideration text in both languages, written by staff on the program form and sent with every decision e-mail.
-- A rejection cannot be sent while the text is blank in either language (server/admin/appeal.ts).
ALTER TABLE "programs" ADD COLUMN "appeal_es" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "appeal_en" text DEFAULT '' NOT NULL;
