import { getOnly, readingApi } from '~/lib/api-reading.server';
import { getReadingPage } from '~/services/reading.server';

// GET /api/user/read/no-page/read-time/{resultBookId}: minutes and the furthest section of a NO_PAGE book.
export const loader = readingApi(async ({ user, id }) => {
  const p = await getReadingPage(user.id, id);
  return { resultBookId: id, minutes: p.book.progress.minutes, lastIndex: p.book.progress.lastIndex, totalSections: p.book.totalPages, list: p.noPage };
});
export const action = getOnly;
