import { apiRoute } from '~/lib/api.server';
import { getBookReport } from '~/services/problems/book-report.server';
import { problemCall } from './__problems.server';

/** GET /api/bookCommon/report/{resultBookId}: the per-book report. */
export const { loader, action } = apiRoute({
  ...problemCall,
  handler: ({ user, ids }) => getBookReport(user.id, ids.id),
});
