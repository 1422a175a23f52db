CREATE TABLE "drive_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"owner_id" integer,
	"parent_id" integer,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"storage_key" text,
	"size" bigint,
	"content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drive_nodes_kind_check" CHECK ("drive_nodes"."kind" in ('folder', 'file')),
	CONSTRAINT "drive_nodes_file_check" CHECK (("drive_nodes"."kind" = 'file') = ("drive_nodes"."storage_key" is not null and "drive_nodes"."size" is not null and "drive_nodes"."content_type" is not null))
);
--> statement-breakpoint
ALTER TABLE "drive_nodes" ADD CONSTRAINT "drive_nodes_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_nodes" ADD CONSTRAINT "drive_nodes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_nodes" ADD CONSTRAINT "drive_nodes_parent_id_drive_nodes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."drive_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drive_nodes_folder_name_key" ON "drive_nodes" USING btree ("program_id",coalesce("owner_id", 0),coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "drive_nodes_parent_idx" ON "drive_nodes" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "drive_nodes_owner_size_idx" ON "drive_nodes" USING btree ("owner_id","size");