import { apiRoute } from '~/lib/api.server';
import { dashboard } from '~/services/reports.server';

// GET /api/user/dashboard: this month's reading, streak, minutes per day, the next step, medals, new comments.
export const { loader, action } = apiRoute({
  access: 'USER',
  handler: ({ user }) => dashboard(user.id),
});
