import { apiRoute } from '~/web/api.server';
import { getReadingBook } from '~/services/reading/books.server';
import { readingBook } from './__reading.server';
import { z } from 'zod';
import { TAGS } from '~/web/api-doc.server';
import { progressAnswer } from '~/services/reading/books.server';

// GET /api/bookCommon/readPageTotal/detail/{resultBookId}: the totals of a book's reading.
export const { loader, action } = apiRoute({
  ...readingBook(),
  doc: {
    path: '/api/bookCommon/readPageTotal/detail/{id}',
    tag: TAGS.reading,
    summary: '독서 합계',
    description: '도서의 읽은 쪽, 시간, 횟수와 목표 대비 진행.',
    answer: progressAnswer.extend({ resultBookId: z.number().int() }),
  },
  handler: async ({ user, ids: { id } }) => {
    const b = await getReadingBook(user.id, id);
    return { resultBookId: id, ...b.progress };
  },
});
