import { asNumber, postOnly, readingApi } from '~/lib/api-reading.server';
import { startReading } from '~/services/reading.server';

// POST /api/user/activity/bookDayRead/first/{resultBookId} { resultReadItemId, startPage }: the first record.
// PRE_ACTIVITY_COMPLETE → ACTIVITY and the book becomes current. resultReadItemId, when sent, must be the path id.
export const loader = postOnly;
export const action = readingApi(async ({ user, id, body }) => {
  const b = (await body()) as Record<string, unknown>;
  const item = b.resultReadItemId === undefined ? id : asNumber(b.resultReadItemId);
  return startReading(user.id, item === id ? id : NaN, { startPage: asNumber(b.startPage ?? 1) });
});
