import { apiRoute } from '~/lib/api.server';
import { generalReport } from '~/services/reports.server';

// GET /api/user/book/report/general: reading by month, by genre and by career field, with totals.
export const { loader, action } = apiRoute({
  access: 'USER',
  handler: ({ user }) => generalReport(user.id),
});
