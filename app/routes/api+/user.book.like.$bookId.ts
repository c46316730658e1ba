import { postOnly, readRequestBody } from '~/auth/api.server';
import { boundedInt, userApi } from '~/lib/api-user.server';
import { setLike } from '~/services/library.server';

// POST /api/user/book/like/{bookId} { like: true | false }: like or unlike a book (repeating is harmless).
export const loader = postOnly;
export const action = userApi(async ({ user, args }) => {
  const body = ((await readRequestBody(args.request)) ?? {}) as Record<string, unknown>;
  const like = body.like === undefined ? true : body.like === true || body.like === 'true';
  return setLike(user.id, boundedInt(args.params.bookId, 0, 1, 2_147_483_647), like);
});
