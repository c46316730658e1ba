import { getOnly } from '~/auth/api.server';
import { userApi } from '~/lib/api-user.server';
import { levelGraph } from '~/services/reports.server';

// GET /api/user/book/levelGraph: the student's level over time ({ current, points: [{ level, date }] }).
export const loader = userApi(({ user }) => levelGraph(user.id));
export const action = getOnly;
