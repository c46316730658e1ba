import { getOnly } from '~/auth/api.server';
import { userApi } from '~/lib/api-user.server';
import { generalReport } from '~/services/reports.server';

// GET /api/user/book/report/general: reading by month, by genre and by career field, with totals.
export const loader = userApi(({ user }) => generalReport(user.id));
export const action = getOnly;
