import { apiRoute } from '~/lib/api.server';
import { nowMs } from '~/lib/clock.server';
import { getClockState } from '~/services/reading/overview.server';
import { readingBook } from './__reading.server';

// POST /api/user/book/reading/{resultBookId}/{anything}: "still reading?" — the clock's state and the server's
// elapsed seconds, for a client that shows the running clock. Changes nothing; {b} is ignored.
export const { loader, action } = apiRoute({
  method: 'POST',
  ...readingBook('a'),
  handler: async ({ user, ids }) => {
    const clock = await getClockState(user.id, ids.a);
    const elapsedSeconds = clock.startedAt ? Math.max(0, Math.floor((nowMs() - Date.parse(clock.startedAt)) / 1000)) : 0;
    return { ...clock, elapsedSeconds, serverTime: new Date(nowMs()).toISOString() };
  },
});
