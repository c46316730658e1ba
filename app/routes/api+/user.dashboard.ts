import { getOnly } from '~/auth/api.server';
import { userApi } from '~/lib/api-user.server';
import { dashboard } from '~/services/reports.server';

// GET /api/user/dashboard: this month's reading, streak, minutes per day, the next step, medals, new comments.
export const loader = userApi(({ user }) => dashboard(user.id));
export const action = getOnly;
