import { getOnly, readingApi } from '~/lib/api-reading.server';
import { getReadingPage } from '~/services/reading.server';

// GET /api/user/activity/readingBook/{resultBookId}: the book, its progress, records and clock.
export const loader = readingApi(({ user, id }) => getReadingPage(user.id, id));
export const action = getOnly;
