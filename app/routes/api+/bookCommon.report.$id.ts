import { apiRoute } from '~/web/api.server';
import { bookReportAnswer, getBookReport } from '~/services/problems/book-report.server';
import { problemCall } from './__problems.server';
import { TAGS } from '~/web/api-doc.server';

/** GET /api/bookCommon/report/{resultBookId}: the per-book report. */
export const { loader, action } = apiRoute({
  ...problemCall,
  doc: {
    path: '/api/bookCommon/report/{id}',
    tag: TAGS.reports,
    summary: '도서 리포트',
    description: '한 권의 리포트: 독서 요약, 문제 분석 기록, 영역별 점수와 메달, 자기 분석.',
    answer: bookReportAnswer,
  },
  handler: ({ user, ids }) => getBookReport(user.id, ids.id),
});
