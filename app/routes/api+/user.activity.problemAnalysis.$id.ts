import { apiRoute } from '~/lib/api.server';
import { problemAnalysisForApi } from '~/services/problems/api.server';
import { problemCall } from './__problems.server';

/** GET /api/user/activity/problemAnalysis/{resultBookId}: the book's problems with their options, never the answers. */
export const { loader, action } = apiRoute({
  ...problemCall,
  handler: ({ user, ids }) => problemAnalysisForApi(user.id, ids.id),
});
