import { apiRoute } from '~/web/api.server';
import { getIndicator, indicatorAnswer } from '~/services/reading/overview.server';
import { readingBook } from './__reading.server';
import { TAGS } from '~/web/api-doc.server';

// GET /api/user/activity/readingBookIndicator/{resultBookId}: indicators, this student's reading and the average.
export const { loader, action } = apiRoute({
  ...readingBook(),
  doc: {
    path: '/api/user/activity/readingBookIndicator/{id}',
    tag: TAGS.reading,
    summary: '독서 지표',
    description: '이 학생의 읽은 시간·횟수·일수와, 이 책을 다 읽은 학생들의 평균.',
    answer: indicatorAnswer,
  },
  handler: ({ user, ids: { id } }) => getIndicator(user.id, id),
});
