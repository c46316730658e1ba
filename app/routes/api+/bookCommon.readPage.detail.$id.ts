import { apiRoute } from '~/web/api.server';
import { getReadingPage } from '~/services/reading/overview.server';
import { readingBook } from './__reading.server';
import { z } from 'zod';
import { TAGS } from '~/web/api-doc.server';
import { readMethod } from '~/domain/api-schemas.server';

// GET /api/bookCommon/readPage/detail/{resultBookId}: the records, newest first (start, end, time, date, flags).
export const { loader, action } = apiRoute({
  ...readingBook(),
  doc: {
    path: '/api/bookCommon/readPage/detail/{id}',
    tag: TAGS.reading,
    summary: '독서 기록 목록',
    description: '도서({id}: 학생의 결과 도서 번호)의 독서 기록, 최신순.',
    answer: z.array(
      z.object({
        id: z.number().int(),
        start: z.number().int(),
        end: z.number().int(),
        time: z.number().int(),
        date: z.string().date(),
        readMethod,
        isRepeat: z.boolean(),
        weak: z.boolean(),
        readTimeResult: z.array(z.number().int()),
      }),
    ),
  },
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
