import { getOnly, readingApi } from '~/lib/api-reading.server';
import { getBookResult } from '~/services/reading.server';

// GET /api/user/activity/bookResult/{resultBookId}: the spec's book result (resultBookId, bookId, status, readMethod).
export const loader = readingApi(({ user, id }) => getBookResult(user.id, id));
export const action = getOnly;
