-- Staff's applications list (docs/decisions/025-admin-applications.md). applications.search_text holds what staff
-- search (the applicant's name and e-mail, step 2's business name), folded by search_fold() (migration 0007), so one
-- trigram index answers `like '%...%'` without joining three tables per row. Triggers keep it current: when an
-- application is created, when step 2's business name changes, and when a person's name or e-mail changes.
ALTER TABLE "applications" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION application_search_text(person_id integer, business text) RETURNS text LANGUAGE sql STABLE
  AS $$ SELECT search_fold(u.first_name || ' ' || u.last_name || ' ' || u.email || ' ' || coalesce(business, '')) FROM users u WHERE u.id = person_id $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION applications_search_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := coalesce(application_search_text(NEW.user_id, NULL), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER applications_search_on_insert BEFORE INSERT ON applications
  FOR EACH ROW EXECUTE FUNCTION applications_search_on_insert();--> statement-breakpoint
CREATE OR REPLACE FUNCTION applications_search_on_business() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE applications SET search_text = coalesce(application_search_text(user_id, NEW.data->>'business_name'), '')
    WHERE id = NEW.application_id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only step 2, and only when the business name changed: other step saves pay nothing.
CREATE TRIGGER application_steps_search_on_insert AFTER INSERT ON application_steps
  FOR EACH ROW WHEN (NEW.step = 2 AND NEW.data ? 'business_name') EXECUTE FUNCTION applications_search_on_business();--> statement-breakpoint
CREATE TRIGGER application_steps_search_on_update AFTER UPDATE OF data ON application_steps
  FOR EACH ROW WHEN (NEW.step = 2 AND (OLD.data->>'business_name') IS DISTINCT FROM (NEW.data->>'business_name'))
  EXECUTE FUNCTION applications_search_on_business();--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_search_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE applications a SET search_text = coalesce(application_search_text(a.user_id,
      (SELECT s.data->>'business_name' FROM application_steps s WHERE s.application_id = a.id AND s.step = 2)), '')
    WHERE a.user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_search_on_update AFTER UPDATE OF first_name, last_name, email ON users
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION users_search_on_update();--> statement-breakpoint
UPDATE applications a SET search_text = coalesce(application_search_text(a.user_id,
    (SELECT s.data->>'business_name' FROM application_steps s WHERE s.application_id = a.id AND s.step = 2)), '');--> statement-breakpoint
CREATE INDEX "applications_search_trgm" ON "applications" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_updated_sort" ON "applications" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "applications_created_sort" ON "applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "applications_submitted_first_sort" ON "applications" USING btree (coalesce("submitted_at", '-infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "applications_submitted_last_sort" ON "applications" USING btree (coalesce("submitted_at", 'infinity'::timestamptz),"id");
