-- Forms signed on screen (docs/decisions/055-signing-in-the-browser.md): the certification or no-income form the
-- server stamped keeps who signed (the typed name), when, and the SHA-256 of the form as it was presented; a file
-- uploaded after printing and signing by hand leaves the three null.
ALTER TABLE "application_files" ADD COLUMN "signer_name" text;--> statement-breakpoint
ALTER TABLE "application_files" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_files" ADD COLUMN "presented_sha256" text;
