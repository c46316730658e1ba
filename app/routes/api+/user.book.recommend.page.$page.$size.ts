import { apiRoute } from '~/lib/api.server';
import { boundedInt } from '~/lib/http.server';
import { recommendBooks, RECOMMEND_PAGE_SIZE } from '~/services/library.server';

// POST /api/user/book/recommend/page/{page}/{size} (spec: size 6): recommended books, best first.
export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'USER',
  handler: ({ user, params }) =>
    recommendBooks(user.id, boundedInt(params.page, 1, 1, 10_000), boundedInt(params.size, RECOMMEND_PAGE_SIZE, 1, 50)),
});
