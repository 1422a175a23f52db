-- Scoring and internal notes (docs/decisions/033-scoring-and-notes.md): a rubric per sub-program, one score sheet per
-- staff member per application, staff's notes. The default rubrics are inserted here so every database can score.
CREATE TABLE "rubrics" (
	"id" serial PRIMARY KEY NOT NULL,
	"sub_program" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rubrics_sub_program_unique" UNIQUE("sub_program")
);
--> statement-breakpoint
CREATE TABLE "application_scores" (
	"application_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"scores" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_scores_application_id_reviewer_id_pk" PRIMARY KEY("application_id","reviewer_id")
);
--> statement-breakpoint
CREATE TABLE "application_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_scores" ADD CONSTRAINT "application_scores_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_scores" ADD CONSTRAINT "application_scores_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_notes_application_idx" ON "application_notes" USING btree ("application_id","id");--> statement-breakpoint
INSERT INTO "rubrics" ("sub_program", "criteria")
SELECT sp, '[{"key":"team","name_es":"Equipo","name_en":"Team","weight":3,"max_score":5},{"key":"problem","name_es":"Problema y solución","name_en":"Problem and solution","weight":2,"max_score":5},{"key":"market","name_es":"Mercado","name_en":"Market","weight":2,"max_score":5},{"key":"feasibility","name_es":"Viabilidad","name_en":"Feasibility","weight":2,"max_score":5},{"key":"fit","name_es":"Encaje con el programa","name_en":"Fit with the program","weight":1,"max_score":5}]'::jsonb
FROM unnest(ARRAY['student_incubator', 'pre_incubator', 'incubator', 'accelerator']) AS sp;
