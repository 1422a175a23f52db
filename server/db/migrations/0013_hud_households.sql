-- The HUD beneficiary report's answers kept per household (docs/decisions/031-hud-beneficiary-report.md, "Measured"):
-- each application's HUD buckets in small columns of applications, so the report groups them instead of parsing step
-- 4's jsonb at every request. hud_household() is the one place the rules of decision 031 map answers to buckets
-- (readable: `select * from hud_household(step1_data, step4_data)`), hud_key() packs them into one integer;
-- triggers on application_steps (like migration 0008's search_text) keep the columns current when step 4 or step 1's
-- city is saved, and the last statement backfills existing applications. The low- and moderate-income category is not
-- kept: it depends on the income limits of the year asked, which staff re-import, so the columns keep what it needs
-- (the municipality, the household size, the income counted) and the report joins the limits.
-- hud_key: the ten buckets as one integer, so the report groups one narrow column instead of ten text ones (and the
-- rows stay narrow for every other query of applications). Its default is every bucket unknown.
ALTER TABLE "applications" ADD COLUMN "hud_key" integer DEFAULT 216512 NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "hud_municipality_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "hud_household_size" numeric;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "hud_income" numeric;--> statement-breakpoint
-- The key of ten buckets: a mixed-radix number whose digits, least significant first, are each bucket's position in
-- its list (the lists and order of KEY_DIGITS in server/admin/hud-report.ts, which reads them back), then the income
-- sources' bit mask. At most 886,837,247; every bucket unknown and no source is 216,512.
CREATE OR REPLACE FUNCTION hud_key(race text, ethnicity text, female_head text, size_bucket text, no_income text,
    public_housing text, section_8 text, government_program text, section_3 text, income_sources integer)
  RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_position(ARRAY['american_indian_or_alaska_native', 'asian', 'black_or_african_american',
      'native_hawaiian_or_pacific_islander', 'white', 'american_indian_and_white', 'asian_and_white', 'black_and_white',
      'american_indian_and_black', 'other_multi_racial', 'unknown'], race) - 1
    + 11 * (array_position(ARRAY['hispanic', 'not_hispanic', 'ethnicity_unknown'], ethnicity) - 1
    + 3 * (array_position(ARRAY['yes', 'no', 'unknown'], female_head) - 1
    + 3 * (array_position(ARRAY['size_1', 'size_2', 'size_3', 'size_4', 'size_5', 'size_6', 'size_7', 'size_8_plus', 'unknown'], size_bucket) - 1
    + 9 * (array_position(ARRAY['yes', 'no', 'unknown'], no_income) - 1
    + 3 * (array_position(ARRAY['yes', 'no', 'unknown'], public_housing) - 1
    + 3 * (array_position(ARRAY['yes', 'no', 'unknown'], section_8) - 1
    + 3 * (array_position(ARRAY['yes', 'no', 'unknown'], government_program) - 1
    + 3 * (array_position(ARRAY['yes', 'no', 'unknown'], section_3) - 1
    + 3 * income_sources))))))))
$$;--> statement-breakpoint
-- One household's buckets from step 1's and step 4's data (either null when the step is missing). Answers are read
-- defensively (jsonb_typeof), so a draft's partial data counts as unknown. `income_sources` is a bit mask in the order
-- of INCOME_SOURCES in server/admin/hud-report.ts (bit 0 work ... bit 11 no_income); `no_income` is unknown exactly when
-- no source is named. `income` is the income the LMI category compares: the amount, or 0 when the only source is
-- "no income" and no amount was given.
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
$$;--> statement-breakpoint
-- Writes the buckets of the applications named from their steps 1 and 4 as they are now; a row whose buckets did not
-- change is left alone (most saves of step 4 change an answer the report does not count, or none of its buckets).
CREATE OR REPLACE FUNCTION applications_hud_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH fresh AS (
    -- Joined, not subqueries as the arguments: hud_household() is inlined, and each mention of an argument would
    -- run its subquery again (a 100,000-application backfill took 35 s instead of a few).
    SELECT b.id, hud_key(h.race, h.ethnicity, h.female_head, h.size_bucket, h.no_income, h.public_housing, h.section_8,
        h.government_program, h.section_3, h.income_sources) AS key, h.municipality_key, h.household_size, h.income
    FROM applications b
      LEFT JOIN application_steps s1 ON s1.application_id = b.id AND s1.step = 1
      LEFT JOIN application_steps s4 ON s4.application_id = b.id AND s4.step = 4,
      LATERAL hud_household(s1.data, s4.data) h
    WHERE b.id = ANY(ids)
  )
  UPDATE applications a SET hud_key = f.key, hud_municipality_key = f.municipality_key,
      hud_household_size = f.household_size, hud_income = f.income
    FROM fresh f
    WHERE a.id = f.id AND (a.hud_key, a.hud_municipality_key, a.hud_household_size, a.hud_income)
      IS DISTINCT FROM (f.key, f.municipality_key, f.household_size, f.income)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION application_steps_hud_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM applications_hud_refresh(ARRAY[CASE WHEN TG_OP = 'DELETE' THEN OLD.application_id ELSE NEW.application_id END]);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only step 4, and step 1 when its city changed: other step saves pay nothing. A new application's empty step 4 and
-- step 1 without a city leave the columns' defaults, which are what they would write.
CREATE TRIGGER application_steps_hud_on_insert AFTER INSERT ON application_steps
  FOR EACH ROW WHEN ((NEW.step = 4 AND NEW.data <> '{}'::jsonb) OR (NEW.step = 1 AND NEW.data ? 'city'))
  EXECUTE FUNCTION application_steps_hud_on_change();--> statement-breakpoint
CREATE TRIGGER application_steps_hud_on_update AFTER UPDATE OF data ON application_steps
  FOR EACH ROW WHEN ((NEW.step = 4 AND OLD.data IS DISTINCT FROM NEW.data)
    OR (NEW.step = 1 AND (OLD.data->'city') IS DISTINCT FROM (NEW.data->'city')))
  EXECUTE FUNCTION application_steps_hud_on_change();--> statement-breakpoint
CREATE TRIGGER application_steps_hud_on_delete AFTER DELETE ON application_steps
  FOR EACH ROW WHEN (OLD.step IN (1, 4)) EXECUTE FUNCTION application_steps_hud_on_change();--> statement-breakpoint
SELECT applications_hud_refresh(ARRAY(SELECT id FROM applications));--> statement-breakpoint
-- The report's filters, the population (status) and the program, with the columns it reads included: it reads this
-- index alone (an index-only scan) instead of the applications' wide rows, whose hud_* columns come last. Migration
-- 0001's index on (program_id, status) stays for the queries that name a program without a status.
CREATE INDEX "applications_status_program_hud_idx" ON "applications" USING btree ("status","program_id")
  INCLUDE ("hud_key","hud_municipality_key","hud_household_size","hud_income");--> statement-breakpoint
-- The staff dashboard's funnel (docs/decisions/030-dashboard.md, "Measured") groups applications per person: read in
-- person order from this index alone, the aggregate streams instead of hashing 100,000 people (and spilling to disk).
CREATE INDEX "applications_user_status_idx" ON "applications" USING btree ("user_id") INCLUDE ("status","program_id");
