import { apiRoute } from '~/lib/api.server';
import { jinroOverview } from '~/services/jinro.server';

// GET /api/jinro/user: the career page: profile, top fields with careers and books to read next.
export const { loader, action } = apiRoute({
  access: 'USER',
  handler: ({ user }) => jinroOverview(user.id),
});
