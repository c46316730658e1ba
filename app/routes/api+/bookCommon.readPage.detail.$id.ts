import { apiRoute } from '~/lib/api.server';
import { getReadingPage } from '~/services/reading/overview.server';
import { readingBook } from './__reading.server';

// GET /api/bookCommon/readPage/detail/{resultBookId}: the records, newest first (start, end, time, date, flags).
export const { loader, action } = apiRoute({
  ...readingBook(),
  handler: async ({ user, ids: { id } }) => {
    const p = await getReadingPage(user.id, id);
    return p.records.map((r) => ({
      id: r.id,
      start: r.startPage,
      end: r.endPage,
      time: r.minutes,
      date: r.readDate,
      readMethod: r.readMethod,
      isRepeat: r.isRepeat,
      weak: r.weak,
      readTimeResult: r.readTimeResult,
    }));
  },
});
