import { apiRoute } from '~/web/api.server';
import { getReadingPage } from '~/services/reading/overview.server';
import { readingBook } from './__reading.server';
import { z } from 'zod';
import { TAGS } from '~/web/api-doc.server';
import { clockAnswer } from '~/services/reading/books.server';

// GET /api/user/activity/userBookReadTime/{resultBookId}: reading time so far, the six session slots, the clock.
export const { loader, action } = apiRoute({
  ...readingBook(),
  doc: {
    path: '/api/user/activity/userBookReadTime/{id}',
    tag: TAGS.reading,
    summary: '읽은 시간',
    description: '지금까지 읽은 시간(분), 기록 횟수, 여섯 칸의 세션 시간, 시계.',
    answer: z.object({
      resultBookId: z.number().int(),
      minutes: z.number().int(),
      records: z.number().int(),
      readTimeResult: z.array(z.number().int()),
      clock: clockAnswer,
    }),
  },
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
