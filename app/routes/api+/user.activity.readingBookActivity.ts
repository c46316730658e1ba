import { apiRoute } from '~/lib/api.server';
import { getActivityOverview, getReadingPage } from '~/services/reading/overview.server';

// GET /api/user/activity/readingBookActivity: the reading of the current book (null when there is none).
export const { loader, action } = apiRoute({
  access: 'USER',
  handler: async ({ user }) => {
    const { currentResultBookId } = await getActivityOverview(user.id);
    return currentResultBookId ? getReadingPage(user.id, currentResultBookId) : null;
  },
});
