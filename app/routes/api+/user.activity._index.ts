import { apiRoute } from '~/lib/api.server';
import { getActivityOverview } from '~/services/reading/overview.server';

// GET /api/user/activity: the spec's user activity response (readMethod, recommend, currentBookId, resultList).
export const { loader, action } = apiRoute({
  access: 'USER',
  handler: ({ user }) => getActivityOverview(user.id),
});
