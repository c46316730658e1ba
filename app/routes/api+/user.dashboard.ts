import { apiRoute } from '~/web/api.server';
import { dashboard, dashboardAnswer } from '~/services/reports.server';
import { TAGS } from '~/web/api-doc.server';

// GET /api/user/dashboard: this month's reading, streak, minutes per day, the next step, medals, new comments.
export const { loader, action } = apiRoute({
  access: 'USER',
  doc: {
    path: '/api/user/dashboard',
    tag: TAGS.reports,
    summary: '대시보드',
    description: '이번 달 독서, 연속 독서일, 날짜별 읽은 시간, 다음 할 일, 메달, 새 댓글 수.',
    answer: dashboardAnswer,
  },
  handler: ({ user }) => dashboard(user.id),
});
