-- Reminders (docs/decisions/043-reminders.md): a person may turn them off in the profile, and each reminder is sent
-- once: its row is written in the transaction that queues the e-mail, and the primary key refuses a second, whichever
-- server runs the job.
ALTER TABLE "users" ADD COLUMN "reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE "reminders_sent" (
	"application_id" integer NOT NULL,
	"kind" text NOT NULL,
	"due_key" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminders_sent_pkey" PRIMARY KEY("application_id","kind","due_key")
);--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;
