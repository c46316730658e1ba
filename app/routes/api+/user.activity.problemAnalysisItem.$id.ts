import { apiRoute } from '~/web/api.server';
import { apiProblemAnswer, problemItemForApi } from '~/services/problems/api.server';
import { problemCall } from './__problems.server';
import { TAGS } from '~/web/api-doc.server';

/** GET /api/user/activity/problemAnalysisItem/{problemId}: one problem, without its correct answer. */
export const { loader, action } = apiRoute({
  ...problemCall,
  doc: {
    path: '/api/user/activity/problemAnalysisItem/{id}',
    tag: TAGS.problems,
    summary: '문제 하나',
    description: '문제({id}: 문제 번호) 하나와 보기. 정답은 주지 않습니다.',
    answer: apiProblemAnswer,
  },
  handler: ({ user, ids }) => problemItemForApi(user.id, ids.id),
});
