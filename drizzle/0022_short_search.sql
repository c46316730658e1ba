-- hand-written: searches of one or two letters ('김민', '한빛') over the operators' users. A trigram index needs three
-- letters, so such a search filtered every user (0.3–0.5 s at 208,000 users). readin_grams() gives the distinct
-- letters and pairs of adjacent letters of a text, lowercased; a GIN index over the four searched columns' grams
-- finds the users whose name, login id, phone or email contain a one- or two-letter search, and the ILIKE then
-- confirms each (docs/decisions/046). Plain SQL and a built-in GIN operator class: no extension needed.
CREATE OR REPLACE FUNCTION readin_grams(value text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[]) FROM (
    SELECT substr(lower(value), i, n) AS g
      FROM generate_series(1, coalesce(char_length(value), 0)) AS i, (VALUES (1), (2)) AS len(n)
     WHERE i + n - 1 <= char_length(value)
  ) grams
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_grams_idx ON users USING gin (
  (readin_grams(name) || readin_grams(login_id) || readin_grams(phone) || readin_grams(email))
);
--> statement-breakpoint
-- hand-written: an academy's members by role and status, index only (the branch's month counts its academies'
-- active students and finds their month rows through it, instead of reading all 208,000 users; docs/decisions/046).
CREATE INDEX IF NOT EXISTS users_organisation_role_idx ON users (organisation_id, role, status, id);
