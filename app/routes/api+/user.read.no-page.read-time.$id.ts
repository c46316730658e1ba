import { apiRoute } from '~/lib/api.server';
import { getReadingPage } from '~/services/reading/overview.server';
import { readingBook } from './__reading.server';

// GET /api/user/read/no-page/read-time/{resultBookId}: minutes and the furthest section of a NO_PAGE book.
export const { loader, action } = apiRoute({
  ...readingBook(),
  handler: async ({ user, ids: { id } }) => {
    const p = await getReadingPage(user.id, id);
    return {
      resultBookId: id,
      minutes: p.book.progress.minutes,
      lastIndex: p.book.progress.lastIndex,
      totalSections: p.book.totalPages,
      list: p.noPage,
    };
  },
});
