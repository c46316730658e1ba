import { apiRoute } from '~/web/api.server';
import { beforePageAnswer, getBeforePage } from '~/services/reading/before.server';
import { readingBook } from './__reading.server';
import { TAGS } from '~/web/api-doc.server';

// GET /api/user/activity/readingBookInfo/{resultBookId}: book information and the before-reading answers.
export const { loader, action } = apiRoute({
  ...readingBook(),
  doc: {
    path: '/api/user/activity/readingBookInfo/{id}',
    tag: TAGS.activity,
    summary: '읽기 전 활동',
    description: '도서 정보와 읽기 전 활동의 답 (아직 없으면 null).',
    answer: beforePageAnswer,
  },
  handler: ({ user, ids: { id } }) => getBeforePage(user.id, id),
});
