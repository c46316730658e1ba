import { getOnly, readingApi } from '~/lib/api-reading.server';
import { getBeforePage } from '~/services/reading.server';

// GET /api/user/activity/readingBookInfo/{resultBookId}: book information and the before-reading answers.
export const loader = readingApi(({ user, id }) => getBeforePage(user.id, id));
export const action = getOnly;
