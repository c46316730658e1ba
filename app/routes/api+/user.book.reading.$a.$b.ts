import { postOnly, readingApi } from '~/lib/api-reading.server';
import { nowMs } from '~/lib/clock.server';
import { getClockState } from '~/services/reading.server';

// POST /api/user/book/reading/{resultBookId}/{anything}: "still reading?" — the clock's state and the server's
// elapsed seconds, for a client that shows the running clock. Changes nothing; {b} is ignored.
export const loader = postOnly;
export const action = readingApi(async ({ user, id }) => {
  const clock = await getClockState(user.id, id);
  const elapsedSeconds = clock.startedAt ? Math.max(0, Math.floor((nowMs() - Date.parse(clock.startedAt)) / 1000)) : 0;
  return { ...clock, elapsedSeconds, serverTime: new Date(nowMs()).toISOString() };
}, 'a');
