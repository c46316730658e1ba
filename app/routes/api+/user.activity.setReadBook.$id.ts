import { apiRoute } from '~/web/api.server';
import { getReadingBook } from '~/services/reading/books.server';
import { currentBookAnswer, setCurrentBook } from '~/services/reading/records.server';
import { READING_WRITE_FAILURES, readingBook } from './__reading.server';
import { z } from 'zod';
import { TAGS } from '~/web/api-doc.server';
import { bookStatus } from '~/domain/api-schemas.server';

// GET /api/user/activity/setReadBook/{resultBookId}: is this the current book? (changes nothing)
// POST: makes this ACTIVITY book the current one (the spec lists a GET; a GET must not change data).
export const { loader } = apiRoute({
  ...readingBook(),
  doc: {
    path: '/api/user/activity/setReadBook/{id}',
    tag: TAGS.reading,
    summary: '지금 읽는 책인지',
    answer: z.object({ resultBookId: z.number().int(), isCurrent: z.boolean(), status: bookStatus }),
  },
  handler: async ({ user, ids: { id } }) => {
    const b = await getReadingBook(user.id, id);
    return { resultBookId: id, isCurrent: b.isCurrent, status: b.status };
  },
});

export const { action } = apiRoute({
  method: 'POST',
  ...readingBook(),
  doc: {
    path: '/api/user/activity/setReadBook/{id}',
    tag: TAGS.reading,
    summary: '지금 읽는 책으로 정하기',
    description: '독서활동 중인 이 책을 지금 읽는 책으로 정합니다.',
    answer: currentBookAnswer,
    errors: READING_WRITE_FAILURES,
  },
  handler: ({ user, ids: { id } }) => setCurrentBook(user.id, id),
});
