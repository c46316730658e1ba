import { apiRoute } from '~/lib/api.server';
import { problemItemForApi } from '~/services/problems/api.server';
import { problemCall } from './__problems.server';

/** GET /api/user/activity/problemAnalysisItem/{problemId}: one problem, without its correct answer. */
export const { loader, action } = apiRoute({
  ...problemCall,
  handler: ({ user, ids }) => problemItemForApi(user.id, ids.id),
});
