import { apiRoute } from '~/web/api.server';
import { problemAnalysisAnswer, problemAnalysisForApi } from '~/services/problems/api.server';
import { PROBLEM_FAILURES, problemCall } from './__problems.server';
import { TAGS } from '~/web/api-doc.server';

/** GET /api/user/activity/problemAnalysis/{resultBookId}: the book's problems with their options, never the answers. */
export const { loader, action } = apiRoute({
  ...problemCall,
  doc: {
    path: '/api/user/activity/problemAnalysis/{id}',
    tag: TAGS.problems,
    summary: '문제 분석 문제',
    description: '책({id}: 결과 도서 번호)의 문제와 보기. 정답은 주지 않습니다.',
    answer: problemAnalysisAnswer,
    errors: [PROBLEM_FAILURES.setMissing, PROBLEM_FAILURES.bookNotFound],
  },
  handler: ({ user, ids }) => problemAnalysisForApi(user.id, ids.id),
});
