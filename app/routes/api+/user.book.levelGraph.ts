import { apiRoute } from '~/lib/api.server';
import { levelGraph } from '~/services/reports.server';

// GET /api/user/book/levelGraph: the student's level over time ({ current, points: [{ level, date }] }).
export const { loader, action } = apiRoute({
  access: 'USER',
  handler: ({ user }) => levelGraph(user.id),
});
