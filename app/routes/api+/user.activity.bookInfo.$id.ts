import { apiRoute } from '~/lib/api.server';
import { getReadingBook } from '~/services/reading/books.server';
import { readingBook } from './__reading.server';

// GET /api/user/activity/bookInfo/{resultBookId}: the book's facts.
export const { loader, action } = apiRoute({
  ...readingBook(),
  handler: async ({ user, ids: { id } }) => {
    const b = await getReadingBook(user.id, id);
    return {
      bookId: b.bookId,
      title: b.title,
      author: b.author,
      publisher: b.publisher,
      totalPages: b.totalPages,
      level: b.level,
      genre: b.genre,
      careerFields: b.careerFields,
      summary: b.summary,
    };
  },
});
