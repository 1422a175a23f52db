-- Rubric versions and a declined ethnicity (docs/decisions/037-rubric-versions.md). A score sheet is a record: it keeps
-- the version of the rubric it was given under, and its total is computed from that version only, so editing a rubric
-- never moves a total already given. `rubrics` stays the current rubric of each sub-program (with its version number);
-- `rubric_versions` holds every version, the current one included, and is what sheets point at.
CREATE TABLE "rubric_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"sub_program" text NOT NULL,
	"version" integer NOT NULL,
	"criteria" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rubric_versions_sub_program_version_unique" UNIQUE("sub_program","version")
);
--> statement-breakpoint
ALTER TABLE "rubrics" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The history so far, from the audit log (every rubric edit since migration 0012 wrote its criteria before and after):
-- version 1 is what the first edit found, version k + 1 what the k-th edit saved; a rubric never edited is version 1.
INSERT INTO "rubric_versions" ("sub_program", "version", "criteria", "created_at")
SELECT r."sub_program", 1,
  coalesce(first_edit."before"->'criteria', r."criteria"),
  coalesce(first_edit."at", r."updated_at")
FROM "rubrics" r
  LEFT JOIN LATERAL (
    SELECT l."before", l."at" FROM "audit_log" l
    WHERE l."operation" = 'setAdminRubric' AND l."record_type" = 'rubric' AND l."record_id" = r."id"
    ORDER BY l."id" LIMIT 1
  ) first_edit ON true
UNION ALL
SELECT r."sub_program", 1 + row_number() OVER (PARTITION BY r."id" ORDER BY l."id"), l."after"->'criteria', l."at"
FROM "rubrics" r
  JOIN "audit_log" l ON l."operation" = 'setAdminRubric' AND l."record_type" = 'rubric' AND l."record_id" = r."id";--> statement-breakpoint
UPDATE "rubrics" r SET "version" = v."version"
FROM (SELECT "sub_program", max("version") AS "version" FROM "rubric_versions" GROUP BY "sub_program") v
WHERE v."sub_program" = r."sub_program";--> statement-breakpoint
ALTER TABLE "application_scores" ADD COLUMN "rubric_version_id" integer;--> statement-breakpoint
-- Each sheet gets the version that was current when it was last saved: the criteria the first rubric edit after its
-- last audited save found (or the rubric as it is, when none came after), as the version with those criteria numbered
-- at most 1 + the edits before that save (exactly that one here, where every edit made a version). Audit ids are in
-- commit order: a sheet's save and a rubric edit both lock the rubric row. Its program's sub-program is taken as it is
-- now; a sheet with no match (none is expected) gets the current version.
WITH "saved" AS (
  SELECT s."application_id", s."reviewer_id", r."id" AS "rubric_id", r."sub_program", r."version" AS "current",
    r."criteria" AS "criteria_now",
    coalesce((
      SELECT max(w."id") FROM "audit_log" w
      WHERE w."operation" = 'setAdminApplicationScore' AND w."record_type" = 'application'
        AND w."record_id" = s."application_id" AND w."actor_id" = s."reviewer_id"
    ), 2147483647) AS "audit_id"
  FROM "application_scores" s
    JOIN "applications" a ON a."id" = s."application_id"
    JOIN "programs" p ON p."id" = a."program_id"
    JOIN "rubrics" r ON r."sub_program" = p."sub_program"
), "found" AS (
  SELECT x."application_id", x."reviewer_id", coalesce((
      SELECT v."id" FROM "rubric_versions" v
      WHERE v."sub_program" = x."sub_program"
        AND v."criteria" = coalesce((
          SELECT l."before"->'criteria' FROM "audit_log" l
          WHERE l."operation" = 'setAdminRubric' AND l."record_type" = 'rubric' AND l."record_id" = x."rubric_id"
            AND l."id" > x."audit_id"
          ORDER BY l."id" LIMIT 1
        ), x."criteria_now")
        AND v."version" <= 1 + (
          SELECT count(*) FROM "audit_log" l
          WHERE l."operation" = 'setAdminRubric' AND l."record_type" = 'rubric' AND l."record_id" = x."rubric_id"
            AND l."id" < x."audit_id"
        )
      ORDER BY v."version" DESC LIMIT 1
    ), (SELECT v."id" FROM "rubric_versions" v WHERE v."sub_program" = x."sub_program" AND v."version" = x."current")) AS "version_id"
  FROM "saved" x
)
UPDATE "application_scores" s SET "rubric_version_id" = f."version_id"
FROM "found" f
WHERE s."application_id" = f."application_id" AND s."reviewer_id" = f."reviewer_id";--> statement-breakpoint
ALTER TABLE "application_scores" ALTER COLUMN "rubric_version_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "application_scores" ADD CONSTRAINT "application_scores_rubric_version_id_rubric_versions_id_fk" FOREIGN KEY ("rubric_version_id") REFERENCES "public"."rubric_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_scores_rubric_version_idx" ON "application_scores" USING btree ("rubric_version_id");--> statement-breakpoint
-- The stored averages (migration 0014) from each sheet's own version, step by step in float8 as JavaScript does
-- (server/admin/scoring.ts weightedTotal): a total an edit had moved goes back to what it was given as.
WITH "sheet_totals" AS (
  SELECT s."application_id",
    coalesce((
      SELECT floor(sum(least(coalesce((s."scores"->>(c->>'key'))::float8, 0), (c->>'max_score')::float8)
                       / (c->>'max_score')::float8 * (c->>'weight')::float8 ORDER BY e.ord)
                   / sum((c->>'weight')::float8) * 100 * 10 + 0.5) / 10
      FROM jsonb_array_elements(v."criteria") WITH ORDINALITY AS e(c, ord)
    ), 0) AS "total"
  FROM "application_scores" s
  JOIN "rubric_versions" v ON v."id" = s."rubric_version_id"
)
UPDATE "applications" SET "score_average" = t."average"
FROM (SELECT "application_id", floor(avg("total") * 10 + 0.5) / 10 AS "average" FROM "sheet_totals" GROUP BY "application_id") t
WHERE "applications"."id" = t."application_id";--> statement-breakpoint
-- Step 4's ethnicity can be declined ("prefer_not_to_answer"): HUD's ethnicity-unknown column. The function of
-- migration 0013 again, with that one answer added; no stored answer holds it yet, so no household's key moves.
CREATE OR REPLACE FUNCTION hud_household(step1 jsonb, step4 jsonb)
  RETURNS TABLE (race text, ethnicity text, female_head text, size_bucket text, income_sources integer, no_income text,
    public_housing text, section_8 text, government_program text, section_3 text, municipality_key text,
    household_size numeric, income numeric)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT
    CASE
      WHEN hud_races = 0 AND NOT other_race THEN 'unknown'
      WHEN hud_races = 1 AND NOT other_race THEN
        CASE WHEN r @> '["american_indian_or_alaska_native"]' THEN 'american_indian_or_alaska_native'
          WHEN r @> '["asian"]' THEN 'asian' WHEN r @> '["black_or_african_american"]' THEN 'black_or_african_american'
          ELSE 'white' END
      WHEN hud_races = 2 AND NOT other_race AND r @> '["american_indian_or_alaska_native","white"]' THEN 'american_indian_and_white'
      WHEN hud_races = 2 AND NOT other_race AND r @> '["asian","white"]' THEN 'asian_and_white'
      WHEN hud_races = 2 AND NOT other_race AND r @> '["black_or_african_american","white"]' THEN 'black_and_white'
      WHEN hud_races = 2 AND NOT other_race AND r @> '["american_indian_or_alaska_native","black_or_african_american"]' THEN 'american_indian_and_black'
      ELSE 'other_multi_racial'
    END,
    CASE step4->>'ethnicity'
      WHEN 'hispanic_or_latino' THEN 'hispanic'
      WHEN 'not_hispanic_or_latino' THEN 'not_hispanic'
      -- Declined on purpose: unknown, whatever the race answer says (this is the one change from migration 0013).
      WHEN 'prefer_not_to_answer' THEN 'ethnicity_unknown'
      ELSE CASE WHEN r @> '["hispanic_or_latino"]' THEN 'hispanic' ELSE 'ethnicity_unknown' END
    END,
    CASE step4->>'head_of_household'
      WHEN 'single_female' THEN 'yes'
      WHEN 'single_male' THEN 'no' WHEN 'not_single_male' THEN 'no' WHEN 'not_single_female' THEN 'no'
      ELSE 'unknown'
    END,
    CASE WHEN size BETWEEN 1 AND 7 THEN 'size_' || size::int WHEN size >= 8 THEN 'size_8_plus' ELSE 'unknown' END,
    (SELECT coalesce(sum(1 << (i::int - 1)), 0)::int
      FROM unnest(ARRAY['work', 'social_security', 'ssi', 'pensions', 'retirement', 'va_benefits', 'welfare',
        'child_support', 'alimony', 'child_income', 'other', 'no_income']) WITH ORDINALITY AS named(source, i)
      WHERE sources @> jsonb_build_array(source)),
    CASE WHEN sources @> '["no_income"]' THEN 'yes' WHEN jsonb_array_length(sources) > 0 THEN 'no' ELSE 'unknown' END,
    CASE step4->'public_housing' WHEN 'true'::jsonb THEN 'yes' WHEN 'false'::jsonb THEN 'no' ELSE 'unknown' END,
    CASE step4->'section_8' WHEN 'true'::jsonb THEN 'yes' WHEN 'false'::jsonb THEN 'no' ELSE 'unknown' END,
    CASE step4->'government_program' WHEN 'true'::jsonb THEN 'yes' WHEN 'false'::jsonb THEN 'no' ELSE 'unknown' END,
    CASE step4->'section_3' WHEN 'true'::jsonb THEN 'yes' WHEN 'false'::jsonb THEN 'no' ELSE 'unknown' END,
    search_fold(btrim(coalesce(step1->>'city', ''))),
    size,
    CASE WHEN sources = '["no_income"]' AND income IS NULL THEN 0 ELSE income END
  FROM (
    SELECT
      CASE WHEN jsonb_typeof(step4->'race') = 'array' THEN step4->'race' ELSE '[]'::jsonb END AS r,
      CASE WHEN jsonb_typeof(step4->'income_sources') = 'array' THEN step4->'income_sources' ELSE '[]'::jsonb END AS sources,
      CASE WHEN jsonb_typeof(step4->'household_size') = 'number' THEN (step4->>'household_size')::numeric END AS size,
      CASE WHEN jsonb_typeof(step4->'annual_income') = 'number' THEN (step4->>'annual_income')::numeric END AS income
  ) answers,
  LATERAL (
    -- The HUD races the application offers; "hispanic_or_latino" ticked as a race names an ethnicity, not a race.
    SELECT (r @> '["american_indian_or_alaska_native"]')::int + (r @> '["asian"]')::int
        + (r @> '["black_or_african_american"]')::int + (r @> '["white"]')::int AS hud_races,
      r @> '["other"]' AS other_race
  ) counted
$$;
