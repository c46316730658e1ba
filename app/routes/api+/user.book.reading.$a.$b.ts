import { apiRoute } from '~/web/api.server';
import { nowMs } from '~/lib/clock.server';
import { getClockState } from '~/services/reading/overview.server';
import { readingBook } from './__reading.server';
import { z } from 'zod';
import { TAGS } from '~/web/api-doc.server';
import { clockAnswer } from '~/services/reading/books.server';

// POST /api/user/book/reading/{resultBookId}/{anything}: "still reading?" — the clock's state and the server's
// elapsed seconds, for a client that shows the running clock. Changes nothing; {b} is ignored.
export const { loader, action } = apiRoute({
  method: 'POST',
  ...readingBook('a'),
  doc: {
    path: '/api/user/book/reading/{a}/{b}',
    tag: TAGS.reading,
    summary: '시계 상태',
    description: '시계가 도는지와 서버가 센 경과 초. 아무것도 바꾸지 않습니다. {a}: 결과 도서 번호, {b}: 쓰지 않음.',
    answer: clockAnswer.extend({ elapsedSeconds: z.number().int(), serverTime: z.string().datetime() }),
  },
  handler: async ({ user, ids }) => {
    const clock = await getClockState(user.id, ids.a);
    const elapsedSeconds = clock.startedAt ? Math.max(0, Math.floor((nowMs() - Date.parse(clock.startedAt)) / 1000)) : 0;
    return { ...clock, elapsedSeconds, serverTime: new Date(nowMs()).toISOString() };
  },
});
