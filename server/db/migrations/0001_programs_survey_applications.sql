CREATE TABLE "application_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_steps" (
	"application_id" integer NOT NULL,
	"step" smallint NOT NULL,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_steps_application_id_step_pk" PRIMARY KEY("application_id","step"),
	CONSTRAINT "application_steps_step_check" CHECK ("application_steps"."step" between 1 and 6),
	CONSTRAINT "application_steps_status_check" CHECK ("application_steps"."status" in ('incomplete', 'submitted'))
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"submitted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('draft', 'submitted', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"sub_program" text NOT NULL,
	"name_es" text NOT NULL,
	"name_en" text NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"period" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"application_deadline" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programs_status_check" CHECK ("programs"."status" in ('open', 'closed', 'unavailable')),
	CONSTRAINT "programs_sub_program_check" CHECK ("programs"."sub_program" in ('student_incubator', 'pre_incubator', 'incubator', 'accelerator'))
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"has_business" boolean NOT NULL,
	"idea" text,
	"industry" text,
	"operating_time" text,
	"monthly_revenue" numeric(14, 2),
	"employees" integer,
	"website" text,
	"gpa" numeric(3, 2),
	"university" text,
	"third_year_student" boolean NOT NULL,
	"steam_branch" text,
	"cohort" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_files" ADD CONSTRAINT "application_files_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_steps" ADD CONSTRAINT "application_steps_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_files_application_kind_key" ON "application_files" USING btree ("application_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_user_program_key" ON "applications" USING btree ("user_id","program_id");--> statement-breakpoint
CREATE INDEX "applications_program_status_idx" ON "applications" USING btree ("program_id","status");--> statement-breakpoint
CREATE INDEX "programs_status_sub_program_idx" ON "programs" USING btree ("status","sub_program");--> statement-breakpoint
CREATE INDEX "programs_application_deadline_idx" ON "programs" USING btree ("application_deadline");--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_user_id_key" ON "surveys" USING btree ("user_id");