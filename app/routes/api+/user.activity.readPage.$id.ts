import { apiRoute } from '~/lib/api.server';
import { getReadingPage } from '~/services/reading/overview.server';
import { readingBook } from './__reading.server';

// GET /api/user/activity/readPage/{resultBookId}: the start page, the furthest page read and where to go on.
export const { loader, action } = apiRoute({
  ...readingBook(),
  handler: async ({ user, ids: { id } }) => {
    const p = await getReadingPage(user.id, id);
    return {
      resultBookId: id,
      startPage: p.book.startPage,
      lastPage: p.book.progress.lastPage,
      totalPages: p.book.totalPages,
      nextStartPage: p.nextStartPage,
    };
  },
});
