import { getOnly, readingApi } from '~/lib/api-reading.server';
import { getActivityOverview } from '~/services/reading.server';

// GET /api/user/activity: the spec's user activity response (readMethod, recommend, currentBookId, resultList).
export const loader = readingApi(({ user }) => getActivityOverview(user.id), null);
export const action = getOnly;
