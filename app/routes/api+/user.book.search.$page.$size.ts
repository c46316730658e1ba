import { postOnly, readRequestBody } from '~/auth/api.server';
import { boundedInt, userApi } from '~/lib/api-user.server';
import { searchBooks, SEARCH_PAGE_SIZE } from '~/services/library.server';

// POST /api/user/book/search/{page}/{size} { search, genre?, level?, sort? }: the catalogue search.
export const loader = postOnly;
export const action = userApi(async ({ user, args }) => {
  const body = ((await readRequestBody(args.request)) ?? {}) as Record<string, unknown>;
  return searchBooks(
    user.id,
    {
      q: typeof body.search === 'string' ? body.search : undefined,
      genre: typeof body.genre === 'string' ? body.genre : undefined,
      level: Number(body.level) || undefined,
      sort: typeof body.sort === 'string' ? body.sort : undefined,
      page: boundedInt(args.params.page, 1, 1, 10_000),
    },
    boundedInt(args.params.size, SEARCH_PAGE_SIZE, 1, 50),
  );
});
