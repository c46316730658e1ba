import { apiRoute } from '~/web/api.server';
import { getReadingPage } from '~/services/reading/overview.server';
import { readingBook } from './__reading.server';
import { z } from 'zod';
import { TAGS } from '~/web/api-doc.server';

// GET /api/user/activity/readPage/{resultBookId}: the start page, the furthest page read and where to go on.
export const { loader, action } = apiRoute({
  ...readingBook(),
  doc: {
    path: '/api/user/activity/readPage/{id}',
    tag: TAGS.reading,
    summary: '읽은 쪽',
    description: '시작 쪽, 가장 멀리 읽은 쪽, 다음 기록의 시작 쪽.',
    answer: z.object({
      resultBookId: z.number().int(),
      startPage: z.number().int().nullable(),
      lastPage: z.number().int(),
      totalPages: z.number().int(),
      nextStartPage: z.number().int(),
    }),
  },
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
