import { getOnly, readingApi } from '~/lib/api-reading.server';
import { getReadingBook } from '~/services/reading.server';

// GET /api/bookCommon/readPageTotal/detail/{resultBookId}: the totals of a book's reading.
export const loader = readingApi(async ({ user, id }) => {
  const b = await getReadingBook(user.id, id);
  return { resultBookId: id, ...b.progress };
});
export const action = getOnly;
