-- Review gaps (docs/decisions/033-scoring-and-notes.md): each application's average score stored so staff's list can
-- sort by it with a keyset index, unscored last both ways (like 0008's submission sorts); and when a note's author last
-- edited it.
-- The server writes the average whenever a sheet, a rubric or a program's sub-program changes
-- (server/admin/scoring.ts refreshScoreAverages, the same weightedTotal the pages show); this backfill
-- computes the sheets written before it the same way, step by step in float8 as JavaScript does.
ALTER TABLE "applications" ADD COLUMN "score_average" double precision;--> statement-breakpoint
WITH "sheet_totals" AS (
  SELECT s."application_id",
    coalesce((
      SELECT floor(sum(least(coalesce((s."scores"->>(c->>'key'))::float8, 0), (c->>'max_score')::float8)
                       / (c->>'max_score')::float8 * (c->>'weight')::float8 ORDER BY e.ord)
                   / sum((c->>'weight')::float8) * 100 * 10 + 0.5) / 10
      FROM jsonb_array_elements(r."criteria") WITH ORDINALITY AS e(c, ord)
    ), 0) AS "total"
  FROM "application_scores" s
  JOIN "applications" a ON a."id" = s."application_id"
  JOIN "programs" p ON p."id" = a."program_id"
  LEFT JOIN "rubrics" r ON r."sub_program" = p."sub_program"
)
UPDATE "applications" SET "score_average" = t."average"
FROM (SELECT "application_id", floor(avg("total") * 10 + 0.5) / 10 AS "average" FROM "sheet_totals" GROUP BY "application_id") t
WHERE "applications"."id" = t."application_id";--> statement-breakpoint
CREATE INDEX "applications_score_high_sort" ON "applications" USING btree (coalesce("score_average", '-infinity'::float8),"id");--> statement-breakpoint
CREATE INDEX "applications_score_low_sort" ON "applications" USING btree (coalesce("score_average", 'infinity'::float8),"id");--> statement-breakpoint
ALTER TABLE "application_notes" ADD COLUMN "edited_at" timestamp with time zone;
