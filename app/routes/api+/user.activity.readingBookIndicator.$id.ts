import { apiRoute } from '~/lib/api.server';
import { getIndicator } from '~/services/reading/overview.server';
import { readingBook } from './__reading.server';

// GET /api/user/activity/readingBookIndicator/{resultBookId}: indicators, this student's reading and the average.
export const { loader, action } = apiRoute({
  ...readingBook(),
  handler: ({ user, ids: { id } }) => getIndicator(user.id, id),
});
