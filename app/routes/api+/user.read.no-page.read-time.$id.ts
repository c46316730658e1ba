import { apiRoute } from '~/web/api.server';
import { getReadingPage } from '~/services/reading/overview.server';
import { readingBook } from './__reading.server';
import { z } from 'zod';
import { TAGS } from '~/web/api-doc.server';
import { noPageProgressAnswer } from '~/services/reading/records.server';

// GET /api/user/read/no-page/read-time/{resultBookId}: minutes and the furthest section of a NO_PAGE book.
export const { loader, action } = apiRoute({
  ...readingBook(),
  doc: {
    path: '/api/user/read/no-page/read-time/{id}',
    tag: TAGS.reading,
    summary: '쪽 없는 책의 진행',
    description: '읽은 시간(분), 가장 멀리 읽은 구간, 구간 수, 최근 기록.',
    answer: z.object({
      resultBookId: z.number().int(),
      minutes: z.number().int(),
      lastIndex: z.number().int(),
      totalSections: z.number().int(),
      list: z.array(noPageProgressAnswer),
    }),
  },
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
