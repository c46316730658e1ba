import { getOnly, readingApi } from '~/lib/api-reading.server';
import { getActivityOverview, getReadingPage } from '~/services/reading.server';

// GET /api/user/activity/readingBookActivity: the reading of the current book (null when there is none).
export const loader = readingApi(async ({ user }) => {
  const { currentResultBookId } = await getActivityOverview(user.id);
  return currentResultBookId ? getReadingPage(user.id, currentResultBookId) : null;
}, null);
export const action = getOnly;
