import { apiRoute } from '~/lib/api.server';
import { getBeforePage } from '~/services/reading/before.server';
import { readingBook } from './__reading.server';

// GET /api/user/activity/readingBookInfo/{resultBookId}: book information and the before-reading answers.
export const { loader, action } = apiRoute({
  ...readingBook(),
  handler: ({ user, ids: { id } }) => getBeforePage(user.id, id),
});
