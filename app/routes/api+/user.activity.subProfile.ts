import { getOnly, readingApi } from '~/lib/api-reading.server';
import { getSubProfile } from '~/services/my-page.server';

// GET /api/user/activity/subProfile: the student's small profile (name, academy, level, picture, books per status).
export const loader = readingApi(({ user }) => getSubProfile(user.id), null);
export const action = getOnly;
