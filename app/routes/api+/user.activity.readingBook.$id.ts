import { apiRoute } from '~/lib/api.server';
import { getReadingPage } from '~/services/reading/overview.server';
import { readingBook } from './__reading.server';

// GET /api/user/activity/readingBook/{resultBookId}: the book, its progress, records and clock.
export const { loader, action } = apiRoute({
  ...readingBook(),
  handler: ({ user, ids: { id } }) => getReadingPage(user.id, id),
});
