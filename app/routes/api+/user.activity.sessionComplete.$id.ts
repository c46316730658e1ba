import { getOnly, readingApi } from '~/lib/api-reading.server';
import { getSessionComplete } from '~/services/reading.server';

// GET /api/user/activity/sessionComplete/{resultBookId}: whether the reading session is complete. A GET changes
// nothing: the move ACTIVITY → DIAGNOSIS happens inside the record-saving call that meets the goal.
export const loader = readingApi(({ user, id }) => getSessionComplete(user.id, id));
export const action = getOnly;
