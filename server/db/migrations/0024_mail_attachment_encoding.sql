-- A message's attachment may be binary (the applicant's copy, a PDF: docs/decisions/048-the-applicants-copy.md):
-- "base64" says attachment_content holds it base64-encoded; null keeps the text attachments (an event's .ics) as they were.
ALTER TABLE "mail_outbox" ADD COLUMN "attachment_encoding" text;
