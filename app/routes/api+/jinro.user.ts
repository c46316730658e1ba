import { getOnly } from '~/auth/api.server';
import { userApi } from '~/lib/api-user.server';
import { jinroOverview } from '~/services/jinro.server';

// GET /api/jinro/user: the career page: profile, top fields with careers and books to read next.
export const loader = userApi(({ user }) => jinroOverview(user.id));
export const action = getOnly;
