import { apiRoute } from '~/lib/api.server';
import { getSessionComplete } from '~/services/reading/overview.server';
import { readingBook } from './__reading.server';

// GET /api/user/activity/sessionComplete/{resultBookId}: whether the reading session is complete. A GET changes
// nothing: the move ACTIVITY → DIAGNOSIS happens inside the record-saving call that meets the goal.
export const { loader, action } = apiRoute({
  ...readingBook(),
  handler: ({ user, ids: { id } }) => getSessionComplete(user.id, id),
});
