-- hand-written: trigram indexes for the consoles' searches (ILIKE '%…%'), where PostgreSQL has pg_trgm (PGlite loads
-- it, the embedded PostgreSQL 18 and Debian's PostgreSQL ship it). Without the extension the searches still work and
-- scan, as before. docs/decisions/042-pages-fast-at-national-size.md.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available (%): searches scan', SQLERRM;
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS users_name_trgm_idx ON users USING gin (name gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS users_login_id_trgm_idx ON users USING gin (login_id gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS users_phone_trgm_idx ON users USING gin (phone gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS organisations_name_trgm_idx ON organisations USING gin (name gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS organisations_code_trgm_idx ON organisations USING gin (code gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS books_title_trgm_idx ON books USING gin (title gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS books_author_trgm_idx ON books USING gin (author gin_trgm_ops);
  END IF;
END $$;
--> statement-breakpoint
-- hand-written: each student's reading per Seoul month (minutes, pages, sessions, books completed), kept by triggers
-- in the transaction of every change, so the branch's and operators' month of 2,000 academies reads one row per
-- student instead of every reading record (docs/decisions/042). Rebuilt from the records at the end of this file.
CREATE TABLE IF NOT EXISTS reading_months (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  month text NOT NULL,
  minutes integer NOT NULL DEFAULT 0,
  pages integer NOT NULL DEFAULT 0,
  sessions integer NOT NULL DEFAULT 0,
  completed integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, month)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS reading_months_month_idx ON reading_months (month, user_id);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reading_months_add(p_user integer, p_month text, p_minutes integer, p_pages integer, p_sessions integer, p_completed integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO reading_months AS m (user_id, month, minutes, pages, sessions, completed)
  VALUES (p_user, p_month, p_minutes, p_pages, p_sessions, p_completed)
  ON CONFLICT (user_id, month) DO UPDATE
    SET minutes = m.minutes + EXCLUDED.minutes, pages = m.pages + EXCLUDED.pages,
        sessions = m.sessions + EXCLUDED.sessions, completed = m.completed + EXCLUDED.completed
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reading_months_records() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM reading_months_add(OLD.user_id, to_char(OLD.read_date, 'YYYY-MM'), -OLD.minutes, -(OLD.end_page - OLD.start_page + 1), -1, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM reading_months_add(NEW.user_id, to_char(NEW.read_date, 'YYYY-MM'), NEW.minutes, NEW.end_page - NEW.start_page + 1, 1, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reading_months_no_page() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM reading_months_add(OLD.user_id, to_char(OLD.read_date, 'YYYY-MM'), -OLD.minutes, 0, -1, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM reading_months_add(NEW.user_id, to_char(NEW.read_date, 'YYYY-MM'), NEW.minutes, 0, 1, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reading_months_completed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 100 AND OLD.completed_at IS NOT NULL THEN
    PERFORM reading_months_add(OLD.user_id, to_char(OLD.completed_at AT TIME ZONE 'Asia/Seoul', 'YYYY-MM'), 0, 0, 0, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 100 AND NEW.completed_at IS NOT NULL THEN
    PERFORM reading_months_add(NEW.user_id, to_char(NEW.completed_at AT TIME ZONE 'Asia/Seoul', 'YYYY-MM'), 0, 0, 0, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS reading_records_months ON reading_records;
--> statement-breakpoint
CREATE TRIGGER reading_records_months AFTER INSERT OR DELETE OR UPDATE OF user_id, read_date, minutes, start_page, end_page
  ON reading_records FOR EACH ROW EXECUTE FUNCTION reading_months_records();
--> statement-breakpoint
DROP TRIGGER IF EXISTS no_page_progress_months ON no_page_progress;
--> statement-breakpoint
CREATE TRIGGER no_page_progress_months AFTER INSERT OR DELETE OR UPDATE OF user_id, read_date, minutes
  ON no_page_progress FOR EACH ROW EXECUTE FUNCTION reading_months_no_page();
--> statement-breakpoint
DROP TRIGGER IF EXISTS result_books_months ON result_books;
--> statement-breakpoint
CREATE TRIGGER result_books_months AFTER INSERT OR DELETE OR UPDATE OF user_id, status, completed_at
  ON result_books FOR EACH ROW EXECUTE FUNCTION reading_months_completed();
--> statement-breakpoint
-- hand-written: the months of the readings already there.
DELETE FROM reading_months;
--> statement-breakpoint
INSERT INTO reading_months (user_id, month, minutes, pages, sessions, completed)
SELECT user_id, month, sum(minutes), sum(pages), sum(sessions), sum(completed) FROM (
  SELECT user_id, to_char(read_date, 'YYYY-MM') AS month, minutes::int AS minutes, (end_page - start_page + 1)::int AS pages, 1 AS sessions, 0 AS completed FROM reading_records
  UNION ALL
  SELECT user_id, to_char(read_date, 'YYYY-MM'), minutes::int, 0, 1, 0 FROM no_page_progress
  UNION ALL
  SELECT user_id, to_char(completed_at AT TIME ZONE 'Asia/Seoul', 'YYYY-MM'), 0, 0, 0, 1 FROM result_books WHERE status = 100 AND completed_at IS NOT NULL
) x GROUP BY user_id, month;

--> statement-breakpoint
CREATE INDEX "organisations_kind_name_idx" ON "organisations" USING btree ("kind","name","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reading_records_user_day_idx" ON "reading_records" USING btree ("user_id","read_date");
