import { apiRoute } from '~/lib/api.server';
import { getBookResult } from '~/services/reading/books.server';
import { readingBook } from './__reading.server';

// GET /api/user/activity/bookResult/{resultBookId}: the spec's book result (resultBookId, bookId, status, readMethod).
export const { loader, action } = apiRoute({
  ...readingBook(),
  handler: ({ user, ids: { id } }) => getBookResult(user.id, id),
});
