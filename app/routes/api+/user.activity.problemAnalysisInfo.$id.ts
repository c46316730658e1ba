import { apiRoute } from '~/lib/api.server';
import { resultInfoForApi } from '~/services/problems/api.server';
import { problemCall } from './__problems.server';

/** GET /api/user/activity/problemAnalysisInfo/{resultBookId}: the marked result, answers, right answers, explanations. */
export const { loader, action } = apiRoute({
  ...problemCall,
  handler: ({ user, ids }) => resultInfoForApi(user.id, ids.id),
});
