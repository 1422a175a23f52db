CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_es" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"body_es" text DEFAULT '' NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"published_at" timestamp (3) with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_has_a_title_check" CHECK ("news"."title_es" <> '' or "news"."title_en" <> '')
);
--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "news" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "news"."published_at" is not null;