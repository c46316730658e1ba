import { getOnly, readingApi } from '~/lib/api-reading.server';
import { getIndicator } from '~/services/reading.server';

// GET /api/user/activity/readingBookIndicator/{resultBookId}: indicators, this student's reading and the average.
export const loader = readingApi(({ user, id }) => getIndicator(user.id, id));
export const action = getOnly;
