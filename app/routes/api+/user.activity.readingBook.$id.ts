import { apiRoute } from '~/web/api.server';
import { getReadingPage, readingPageAnswer } from '~/services/reading/overview.server';
import { readingBook } from './__reading.server';
import { TAGS } from '~/web/api-doc.server';

// GET /api/user/activity/readingBook/{resultBookId}: the book, its progress, records and clock.
export const { loader, action } = apiRoute({
  ...readingBook(),
  doc: {
    path: '/api/user/activity/readingBook/{id}',
    tag: TAGS.reading,
    summary: '독서 화면',
    description: '도서와 진행, 최근 기록 30개, 시계.',
    answer: readingPageAnswer,
  },
  handler: ({ user, ids: { id } }) => getReadingPage(user.id, id),
});
