import { apiRoute } from '~/web/api.server';
import { generalReport, generalReportAnswer } from '~/services/reports.server';
import { TAGS } from '~/web/api-doc.server';

// GET /api/user/book/report/general: reading by month, by genre and by career field, with totals.
export const { loader, action } = apiRoute({
  access: 'USER',
  doc: {
    path: '/api/user/book/report/general',
    tag: TAGS.reports,
    summary: '종합 리포트',
    description: '월별, 장르별, 진로 분야별 독서와 합계.',
    answer: generalReportAnswer,
  },
  handler: ({ user }) => generalReport(user.id),
});
