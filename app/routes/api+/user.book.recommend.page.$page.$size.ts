import { postOnly } from '~/auth/api.server';
import { boundedInt, userApi } from '~/lib/api-user.server';
import { recommendBooks, RECOMMEND_PAGE_SIZE } from '~/services/library.server';

// POST /api/user/book/recommend/page/{page}/{size} (spec: size 6): recommended books, best first.
export const loader = postOnly;
export const action = userApi(({ user, args }) =>
  recommendBooks(user.id, boundedInt(args.params.page, 1, 1, 10_000), boundedInt(args.params.size, RECOMMEND_PAGE_SIZE, 1, 50)),
);
