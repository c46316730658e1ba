import { apiRoute } from '~/web/api.server';
import { activityOverviewAnswer, getActivityOverview } from '~/services/reading/overview.server';
import { TAGS } from '~/web/api-doc.server';

// GET /api/user/activity: the spec's user activity response (readMethod, recommend, currentBookId, resultList).
export const { loader, action } = apiRoute({
  access: 'USER',
  doc: {
    path: '/api/user/activity',
    tag: TAGS.activity,
    summary: '독서활동 현황',
    description: '학생의 도서 목록과 진행, 지금 읽는 책, 추천 도서, 최근 기록.',
    answer: activityOverviewAnswer,
  },
  handler: ({ user }) => getActivityOverview(user.id),
});
