import { getOnly, readingApi } from '~/lib/api-reading.server';
import { getReadingPage } from '~/services/reading.server';

// GET /api/user/activity/readPage/{resultBookId}: the start page, the furthest page read and where to go on.
export const loader = readingApi(async ({ user, id }) => {
  const p = await getReadingPage(user.id, id);
  return { resultBookId: id, startPage: p.book.startPage, lastPage: p.book.progress.lastPage, totalPages: p.book.totalPages, nextStartPage: p.nextStartPage };
});
export const action = getOnly;
