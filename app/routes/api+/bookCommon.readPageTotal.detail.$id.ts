import { apiRoute } from '~/lib/api.server';
import { getReadingBook } from '~/services/reading/books.server';
import { readingBook } from './__reading.server';

// GET /api/bookCommon/readPageTotal/detail/{resultBookId}: the totals of a book's reading.
export const { loader, action } = apiRoute({
  ...readingBook(),
  handler: async ({ user, ids: { id } }) => {
    const b = await getReadingBook(user.id, id);
    return { resultBookId: id, ...b.progress };
  },
});
