-- A note sent back for rewriting (HOLD, 200) makes its book incomplete again (decision 016): books already COMPLETE
-- (100) with a held note go back to the note step (NOTE, 40).
UPDATE "result_books" SET "status" = 40, "completed_at" = NULL, "status_changed_at" = now()
WHERE "status" = 100 AND "id" IN (SELECT "result_book_id" FROM "notes" WHERE "state" = 200);
