ALTER TABLE "academy_months" ALTER COLUMN "active_students" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "academy_months" ALTER COLUMN "recorded_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "academy_months" ALTER COLUMN "recorded_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "academy_months" ADD COLUMN "readers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "academy_months" ADD COLUMN "minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "academy_months" ADD COLUMN "pages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "academy_months" ADD COLUMN "sessions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "academy_months" ADD COLUMN "completed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "academy_months_month_idx" ON "academy_months" USING btree ("month","organisation_id");--> statement-breakpoint
CREATE INDEX "settlements_month_academy_idx" ON "settlements" USING btree ("month","academy_id");--> statement-breakpoint
-- hand-written: the academy-month rollup (docs/decisions/048). academy_months already holds an academy's recorded
-- students per Seoul month (0021, decision 047); it now also holds its members' reading in the month, the sums of
-- their reading_months rows (0019), kept exact by triggers in the transaction of every change:
-- - a member's month changes (a reading record, a no-page session, a completed book, through reading_months):
--   its difference is added to the member's academy's month;
-- - a member joins, leaves or changes academy (users.organisation_id): every month of theirs leaves the old academy
--   and joins the new one, so the figures are always those of today's members (what the settlement page showed when
--   it summed reading_months per page);
-- - a member is deleted: their months are taken out first (their reading_months rows are deleted before the cascade,
--   while the member is still there to say which academy they belonged to).
-- Readers are the members with at least one session in the month. Rebuilt from reading_months at the end of this file.
CREATE OR REPLACE FUNCTION academy_months_add(p_org integer, p_month text, p_readers integer, p_minutes integer, p_pages integer, p_sessions integer, p_completed integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO academy_months AS a (organisation_id, month, readers, minutes, pages, sessions, completed)
  VALUES (p_org, p_month, p_readers, p_minutes, p_pages, p_sessions, p_completed)
  ON CONFLICT (organisation_id, month) DO UPDATE
    SET readers = a.readers + EXCLUDED.readers, minutes = a.minutes + EXCLUDED.minutes, pages = a.pages + EXCLUDED.pages,
        sessions = a.sessions + EXCLUDED.sessions, completed = a.completed + EXCLUDED.completed
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION academy_months_reading() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org integer;
BEGIN
  -- The common case (a reading adds to the member's month): one lookup, one upsert of the difference.
  IF TG_OP = 'UPDATE' AND OLD.user_id = NEW.user_id AND OLD.month = NEW.month THEN
    SELECT organisation_id INTO org FROM users WHERE id = NEW.user_id;
    IF org IS NOT NULL THEN
      PERFORM academy_months_add(org, NEW.month, (NEW.sessions > 0)::int - (OLD.sessions > 0)::int, NEW.minutes - OLD.minutes,
        NEW.pages - OLD.pages, NEW.sessions - OLD.sessions, NEW.completed - OLD.completed);
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT organisation_id INTO org FROM users WHERE id = OLD.user_id;
    IF org IS NOT NULL THEN
      PERFORM academy_months_add(org, OLD.month, -((OLD.sessions > 0)::int), -OLD.minutes, -OLD.pages, -OLD.sessions, -OLD.completed);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT organisation_id INTO org FROM users WHERE id = NEW.user_id;
    IF org IS NOT NULL THEN
      PERFORM academy_months_add(org, NEW.month, (NEW.sessions > 0)::int, NEW.minutes, NEW.pages, NEW.sessions, NEW.completed);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS reading_months_academies ON reading_months;
--> statement-breakpoint
CREATE TRIGGER reading_months_academies AFTER INSERT OR DELETE OR UPDATE ON reading_months
  FOR EACH ROW EXECUTE FUNCTION academy_months_reading();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION academy_months_member_moves() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.organisation_id IS NOT NULL THEN
    INSERT INTO academy_months AS a (organisation_id, month, readers, minutes, pages, sessions, completed)
    SELECT OLD.organisation_id, m.month, -((m.sessions > 0)::int), -m.minutes, -m.pages, -m.sessions, -m.completed
      FROM reading_months m WHERE m.user_id = OLD.id
    ON CONFLICT (organisation_id, month) DO UPDATE
      SET readers = a.readers + EXCLUDED.readers, minutes = a.minutes + EXCLUDED.minutes, pages = a.pages + EXCLUDED.pages,
          sessions = a.sessions + EXCLUDED.sessions, completed = a.completed + EXCLUDED.completed;
  END IF;
  IF NEW.organisation_id IS NOT NULL THEN
    INSERT INTO academy_months AS a (organisation_id, month, readers, minutes, pages, sessions, completed)
    SELECT NEW.organisation_id, m.month, (m.sessions > 0)::int, m.minutes, m.pages, m.sessions, m.completed
      FROM reading_months m WHERE m.user_id = NEW.id
    ON CONFLICT (organisation_id, month) DO UPDATE
      SET readers = a.readers + EXCLUDED.readers, minutes = a.minutes + EXCLUDED.minutes, pages = a.pages + EXCLUDED.pages,
          sessions = a.sessions + EXCLUDED.sessions, completed = a.completed + EXCLUDED.completed;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_academy_months ON users;
--> statement-breakpoint
CREATE TRIGGER users_academy_months AFTER UPDATE OF organisation_id ON users
  FOR EACH ROW WHEN (OLD.organisation_id IS DISTINCT FROM NEW.organisation_id) EXECUTE FUNCTION academy_months_member_moves();
--> statement-breakpoint
-- reading_months_add (0019) again, adding nothing for a member who is being deleted: the cascade deletes their records
-- after them, and the trigger's upsert of the difference put a row back for a user who is gone (a foreign key error,
-- so a member with readings could not be deleted at all).
CREATE OR REPLACE FUNCTION reading_months_add(p_user integer, p_month text, p_minutes integer, p_pages integer, p_sessions integer, p_completed integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO reading_months AS m (user_id, month, minutes, pages, sessions, completed)
  SELECT p_user, p_month, p_minutes, p_pages, p_sessions, p_completed WHERE EXISTS (SELECT 1 FROM users WHERE id = p_user)
  ON CONFLICT (user_id, month) DO UPDATE
    SET minutes = m.minutes + EXCLUDED.minutes, pages = m.pages + EXCLUDED.pages,
        sessions = m.sessions + EXCLUDED.sessions, completed = m.completed + EXCLUDED.completed
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION academy_months_member_leaves() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Before the cascade: the months leave through reading_months' trigger while the member still names the academy.
  DELETE FROM reading_months WHERE user_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_academy_months_delete ON users;
--> statement-breakpoint
CREATE TRIGGER users_academy_months_delete BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION academy_months_member_leaves();
--> statement-breakpoint
-- hand-written: the reading already there, by academy and month (the same statement as the scale seed's).
INSERT INTO academy_months AS a (organisation_id, month, readers, minutes, pages, sessions, completed)
SELECT u.organisation_id, m.month, (count(*) FILTER (WHERE m.sessions > 0))::int, sum(m.minutes)::int, sum(m.pages)::int,
       sum(m.sessions)::int, sum(m.completed)::int
  FROM reading_months m JOIN users u ON u.id = m.user_id
 WHERE u.organisation_id IS NOT NULL
 GROUP BY u.organisation_id, m.month
ON CONFLICT (organisation_id, month) DO UPDATE
  SET readers = EXCLUDED.readers, minutes = EXCLUDED.minutes, pages = EXCLUDED.pages, sessions = EXCLUDED.sessions,
      completed = EXCLUDED.completed;
