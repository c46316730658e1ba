import { apiRoute } from '~/web/api.server';
import { bookResultAnswer, getBookResult } from '~/services/reading/books.server';
import { readingBook } from './__reading.server';
import { TAGS } from '~/web/api-doc.server';

// GET /api/user/activity/bookResult/{resultBookId}: the spec's book result (resultBookId, bookId, status, readMethod).
export const { loader, action } = apiRoute({
  ...readingBook(),
  doc: {
    path: '/api/user/activity/bookResult/{id}',
    tag: TAGS.activity,
    summary: '도서 결과',
    description: '결과 도서의 상태와 읽기 방식.',
    answer: bookResultAnswer,
  },
  handler: ({ user, ids: { id } }) => getBookResult(user.id, id),
});
