import { apiRoute } from '~/lib/api.server';
import { getReadingPage } from '~/services/reading/overview.server';
import { readingBook } from './__reading.server';

// GET /api/user/activity/userBookReadTime/{resultBookId}: reading time so far, the six session slots, the clock.
export const { loader, action } = apiRoute({
  ...readingBook(),
  handler: async ({ user, ids: { id } }) => {
    const p = await getReadingPage(user.id, id);
    return {
      resultBookId: id,
      minutes: p.book.progress.minutes,
      records: p.book.progress.sessionsDone,
      readTimeResult: p.readTimeResult,
      clock: p.clock,
    };
  },
});
