import { apiRoute } from '~/web/api.server';
import { resultInfoAnswer, resultInfoForApi } from '~/services/problems/api.server';
import { PROBLEM_FAILURES, problemCall } from './__problems.server';
import { TAGS } from '~/web/api-doc.server';

/** GET /api/user/activity/problemAnalysisInfo/{resultBookId}: the marked result, answers, right answers, explanations. */
export const { loader, action } = apiRoute({
  ...problemCall,
  doc: {
    path: '/api/user/activity/problemAnalysisInfo/{id}',
    tag: TAGS.problems,
    summary: '문제 분석 결과',
    description: '채점 결과와 모든 답, 정답, 해설, 자기 분석.',
    answer: resultInfoAnswer,
    errors: [PROBLEM_FAILURES.setMissing, PROBLEM_FAILURES.bookNotFound, PROBLEM_FAILURES.notMarked],
  },
  handler: ({ user, ids }) => resultInfoForApi(user.id, ids.id),
});
