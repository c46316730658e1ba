import { apiRoute } from '~/lib/api.server';
import { getSubProfile } from '~/services/my-page.server';

// GET /api/user/activity/subProfile: the student's small profile (name, academy, level, picture, books per status).
export const { loader, action } = apiRoute({
  access: 'USER',
  handler: ({ user }) => getSubProfile(user.id),
});
