-- The duplicate check (docs/decisions/038-duplicate-check-and-unduplicated-counts.md): applications that look like the
-- same person or business across accounts. Each application's identifying answers (steps 1 and 2) are folded into
-- normalized keys, one row per key in application_identity_keys (a btree on (kind, key) finds the others sharing it);
-- duplicate_pairs keeps every pair of applications of two different accounts that share at least one key, with the
-- kinds shared (the reasons). Triggers on application_steps keep both current when step 1 or 2 is saved; a deleted
-- application's keys and pairs go with it (on delete cascade). duplicate_not_same holds staff's "not the same" marks,
-- per pair of accounts (a person is an account), with who and when. Nothing is loaded into JavaScript to compare.
CREATE TABLE "application_identity_keys" (
	"application_id" integer NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "application_identity_keys_pk" PRIMARY KEY ("application_id", "kind", "key"),
	CONSTRAINT "application_identity_keys_kind_check" CHECK ("kind" IN ('ssn_name', 'address', 'phone', 'email', 'business'))
);--> statement-breakpoint
CREATE INDEX "application_identity_keys_lookup_idx" ON "application_identity_keys" USING btree ("kind", "key") INCLUDE ("user_id", "application_id");--> statement-breakpoint
CREATE TABLE "duplicate_pairs" (
	"application_a" integer NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
	"application_b" integer NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
	"user_a" integer NOT NULL,
	"user_b" integer NOT NULL,
	"reasons" text[] NOT NULL,
	CONSTRAINT "duplicate_pairs_pk" PRIMARY KEY ("application_a", "application_b"),
	CONSTRAINT "duplicate_pairs_order_check" CHECK ("application_a" < "application_b" AND "user_a" <> "user_b")
);--> statement-breakpoint
CREATE INDEX "duplicate_pairs_b_idx" ON "duplicate_pairs" USING btree ("application_b");--> statement-breakpoint
CREATE TABLE "duplicate_not_same" (
	"user_low" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"user_high" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"marked_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"marked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "duplicate_not_same_pk" PRIMARY KEY ("user_low", "user_high"),
	CONSTRAINT "duplicate_not_same_order_check" CHECK ("user_low" < "user_high")
);--> statement-breakpoint
-- Folds free text for comparing: search_fold() (migration 0007: accents and case), every run of other characters than
-- letters and digits one space, trimmed. "  Peña-Núñez, " and "pena nunez" fold alike.
CREATE OR REPLACE FUNCTION identity_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT btrim(regexp_replace(search_fold($1), '[^a-z0-9]+', ' ', 'g')) $$;--> statement-breakpoint
-- A phone's key: its digits, the last ten (a leading 1 or +1 dropped); nothing for fewer than ten or one digit repeated.
CREATE OR REPLACE FUNCTION identity_phone(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT CASE WHEN length(d) >= 10 AND right(d, 10) !~ '^(.)\1*$' THEN right(d, 10) END
    FROM (SELECT regexp_replace($1, '[^0-9]', '', 'g') AS d) digits $$;--> statement-breakpoint
-- The keys of one application's answers (either step's data null when the step is missing), the rules of decision 038:
--   ssn_name  the SSN's last 4 and the folded first and last names ("1234:maria rivera"), all three given;
--   address   the folded physical street line and the postal code's first five characters, a line of 5+ characters;
--   phone     step 1's phone and step 2's business phone (identity_phone);
--   email     step 1's e-mail, trimmed and lower-cased;
--   business  the folded business name less a trailing legal form (inc, llc, corp...), 4+ characters, not a placeholder.
CREATE OR REPLACE FUNCTION application_identity(step1 jsonb, step2 jsonb) RETURNS TABLE (kind text, key text)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT k.kind, k.key FROM (
    SELECT 'ssn_name' AS kind, CASE WHEN step1->>'ssn_last4' ~ '^[0-9]{4}$' AND identity_fold(step1->>'first_name') <> ''
        AND identity_fold(step1->>'last_name') <> ''
      THEN (step1->>'ssn_last4') || ':' || identity_fold(step1->>'first_name') || ' ' || identity_fold(step1->>'last_name') END AS key
    UNION ALL
    SELECT 'address', CASE WHEN length(identity_fold(step1->>'physical_line1')) >= 5
      THEN identity_fold(step1->>'physical_line1') || ':' || left(identity_fold(coalesce(step1->>'postal_code', '')), 5) END
    UNION ALL
    SELECT 'phone', identity_phone(step1->>'phone')
    UNION ALL
    SELECT 'phone', identity_phone(step2->>'business_phone')
    UNION ALL
    SELECT 'email', CASE WHEN btrim(step1->>'email') LIKE '_%@_%' THEN lower(btrim(step1->>'email')) END
    UNION ALL
    SELECT 'business', CASE WHEN length(b) >= 4 AND b NOT IN ('ninguno', 'ninguna', 'none', 'no aplica', 'no tengo', 'pendiente', 'n a', 'test')
      THEN b END
    FROM (SELECT btrim(regexp_replace(identity_fold(step2->>'business_name'),
      '( (inc|llc|corp|corporation|co|csp|pc|ltd|lp))+$', '')) AS b) business
  ) k
  WHERE k.key IS NOT NULL
$$;--> statement-breakpoint
-- Rewrites the keys of the applications named, then their pairs: every application of another account sharing a key
-- (found through the (kind, key) index), with the kinds shared. Keys that did not change are left alone.
CREATE OR REPLACE FUNCTION applications_identity_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH fresh AS (
    SELECT b.id AS application_id, b.user_id, k.kind, k.key
    FROM applications b
      LEFT JOIN application_steps s1 ON s1.application_id = b.id AND s1.step = 1
      LEFT JOIN application_steps s2 ON s2.application_id = b.id AND s2.step = 2,
      LATERAL application_identity(s1.data, s2.data) k
    WHERE b.id = ANY(ids)
  ), gone AS (
    DELETE FROM application_identity_keys o WHERE o.application_id = ANY(ids)
      AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.application_id = o.application_id AND f.kind = o.kind AND f.key = o.key)
  )
  INSERT INTO application_identity_keys (application_id, user_id, kind, key)
    SELECT application_id, user_id, kind, key FROM fresh
    ON CONFLICT DO NOTHING;
  DELETE FROM duplicate_pairs WHERE application_a = ANY(ids) OR application_b = ANY(ids);
  INSERT INTO duplicate_pairs (application_a, application_b, user_a, user_b, reasons)
    SELECT least(k.application_id, o.application_id), greatest(k.application_id, o.application_id),
      CASE WHEN k.application_id < o.application_id THEN k.user_id ELSE o.user_id END,
      CASE WHEN k.application_id < o.application_id THEN o.user_id ELSE k.user_id END,
      array_agg(DISTINCT k.kind ORDER BY k.kind)
    FROM application_identity_keys k
      JOIN application_identity_keys o ON o.kind = k.kind AND o.key = k.key AND o.user_id <> k.user_id
    WHERE k.application_id = ANY(ids)
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (application_a, application_b) DO UPDATE SET reasons = EXCLUDED.reasons;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION application_steps_identity_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM applications_identity_refresh(ARRAY[CASE WHEN TG_OP = 'DELETE' THEN OLD.application_id ELSE NEW.application_id END]);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only steps 1 and 2, and only when their data changed: other step saves pay nothing; an empty new step has no keys.
CREATE TRIGGER application_steps_identity_on_insert AFTER INSERT ON application_steps
  FOR EACH ROW WHEN (NEW.step IN (1, 2) AND NEW.data <> '{}'::jsonb) EXECUTE FUNCTION application_steps_identity_on_change();--> statement-breakpoint
CREATE TRIGGER application_steps_identity_on_update AFTER UPDATE OF data ON application_steps
  FOR EACH ROW WHEN (NEW.step IN (1, 2) AND OLD.data IS DISTINCT FROM NEW.data) EXECUTE FUNCTION application_steps_identity_on_change();--> statement-breakpoint
CREATE TRIGGER application_steps_identity_on_delete AFTER DELETE ON application_steps
  FOR EACH ROW WHEN (OLD.step IN (1, 2)) EXECUTE FUNCTION application_steps_identity_on_change();--> statement-breakpoint
-- Every application at once, in two set-based statements (the backfill below, and the bench's seeding). PL/pgSQL, to
-- ANALYZE the keys between them: planned on a table whose statistics still say "empty", the pairs' self-join became a
-- nested loop over every key (minutes at 100,000 applications instead of seconds).
CREATE OR REPLACE FUNCTION applications_identity_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM duplicate_pairs;
  DELETE FROM application_identity_keys;
  INSERT INTO application_identity_keys (application_id, user_id, kind, key)
    SELECT DISTINCT b.id, b.user_id, k.kind, k.key
    FROM applications b
      LEFT JOIN application_steps s1 ON s1.application_id = b.id AND s1.step = 1
      LEFT JOIN application_steps s2 ON s2.application_id = b.id AND s2.step = 2,
      LATERAL application_identity(s1.data, s2.data) k;
  ANALYZE application_identity_keys;
  -- Only the keys more than one account gives can make a pair: found by one grouping, then joined back.
  INSERT INTO duplicate_pairs (application_a, application_b, user_a, user_b, reasons)
    SELECT k.application_id, o.application_id, k.user_id, o.user_id, array_agg(DISTINCT k.kind ORDER BY k.kind)
    FROM (SELECT kind, key FROM application_identity_keys GROUP BY kind, key HAVING min(user_id) <> max(user_id)) shared
      JOIN application_identity_keys k ON k.kind = shared.kind AND k.key = shared.key
      JOIN application_identity_keys o ON o.kind = shared.kind AND o.key = shared.key AND o.user_id <> k.user_id AND o.application_id > k.application_id
    GROUP BY 1, 2, 3, 4;
  ANALYZE duplicate_pairs;
END $$;--> statement-breakpoint
SELECT applications_identity_rebuild();
--> statement-breakpoint
-- The HUD report counts persons, not applications (decision 038): it reads each application's account from the same
-- index-only scan as its buckets (migration 0013), so user_id and id (which of a person's applications speaks for them)
-- join the index's included columns.
DROP INDEX IF EXISTS "applications_status_program_hud_idx";--> statement-breakpoint
CREATE INDEX "applications_status_program_hud_idx" ON "applications" USING btree ("status","program_id")
  INCLUDE ("hud_key","hud_municipality_key","hud_household_size","hud_income","user_id","id");
