-- Staff search (docs/decisions/021-admin-foundation-and-users.md): pg_trgm serves `like '%...%'`; search_fold() drops
-- accents and case with one translate() (immutable, so an index can use it; unaccent() is only stable and needs its
-- dictionary files; lower() depends on the database's locale). Its strings are shared/search-fold.ts's FOLD_FROM and
-- FOLD_TO, each followed by A-Z and a-z.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT translate($1, 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿABCDEFGHIJKLMNOPQRSTUVWXYZ', 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunnccyyyabcdefghijklmnopqrstuvwxyz') $$;--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"operation" text NOT NULL,
	"record_type" text NOT NULL,
	"record_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_record_key" ON "audit_log" USING btree ("record_type","record_id","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin (search_fold("first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_sort" ON "users" USING btree (search_fold("last_name" || ' ' || "first_name"),"id");--> statement-breakpoint
CREATE INDEX "users_created_sort" ON "users" USING btree ("created_at","id");