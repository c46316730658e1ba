-- hand-written: searches of one or two letters ('바람') over the books' titles and authors (the student's book search,
-- the academy's book assignment). A trigram needs three letters, so such a search read every book of the catalogue
-- (3,036 at factor 1: 1.6 ms for the count and again for the page). The grams of 0022 (readin_grams) over title and
-- author find the books holding the letters; the ILIKE then confirms each (docs/decisions/049).
CREATE INDEX IF NOT EXISTS books_search_grams_idx ON books USING gin ((readin_grams(title) || readin_grams(author)));
