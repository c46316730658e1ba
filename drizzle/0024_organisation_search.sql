-- hand-written: searches of one or two letters ('한빛') over the academies' names and codes (the operators' academy
-- list, the payments console's academy filter). A trigram needs three letters, so such a search walked every academy
-- by name filtering each (1,732 rows read for 20 shown at 2,000 academies). The grams of 0022 (readin_grams) over the
-- name and code find the academies holding the letters; the ILIKE then confirms each (docs/decisions/049).
CREATE INDEX IF NOT EXISTS organisations_search_grams_idx ON organisations USING gin ((readin_grams(name) || readin_grams(code)));
