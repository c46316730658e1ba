import { apiRoute } from '~/web/api.server';
import { levelGraph, levelGraphAnswer } from '~/services/reports.server';
import { TAGS } from '~/web/api-doc.server';

// GET /api/user/book/levelGraph: the student's level over time ({ current, points: [{ level, date }] }).
export const { loader, action } = apiRoute({
  access: 'USER',
  doc: {
    path: '/api/user/book/levelGraph',
    tag: TAGS.reports,
    summary: '수준 변화',
    description: '지금 수준과 수준이 정해진 날들.',
    answer: levelGraphAnswer,
  },
  handler: ({ user }) => levelGraph(user.id),
});
