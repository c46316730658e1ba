import { getOnly, readingApi } from '~/lib/api-reading.server';
import { getReadingBook } from '~/services/reading.server';

// GET /api/user/activity/bookInfo/{resultBookId}: the book's facts.
export const loader = readingApi(async ({ user, id }) => {
  const b = await getReadingBook(user.id, id);
  return { bookId: b.bookId, title: b.title, author: b.author, publisher: b.publisher, totalPages: b.totalPages, level: b.level, genre: b.genre, careerFields: b.careerFields, summary: b.summary };
});
export const action = getOnly;
