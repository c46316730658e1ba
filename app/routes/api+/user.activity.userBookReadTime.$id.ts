import { getOnly, readingApi } from '~/lib/api-reading.server';
import { getReadingPage } from '~/services/reading.server';

// GET /api/user/activity/userBookReadTime/{resultBookId}: reading time so far, the six session slots, the clock.
export const loader = readingApi(async ({ user, id }) => {
  const p = await getReadingPage(user.id, id);
  return { resultBookId: id, minutes: p.book.progress.minutes, records: p.book.progress.sessionsDone, readTimeResult: p.readTimeResult, clock: p.clock };
});
export const action = getOnly;
