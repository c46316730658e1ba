import { z } from 'zod';
import { apiRoute } from '~/lib/api.server';
import { boundedInt } from '~/lib/http.server';
import { searchBooks, SEARCH_PAGE_SIZE } from '~/services/library.server';

// POST /api/user/book/search/{page}/{size} { search, genre?, level?, sort? }: the catalogue search.
const text = z.unknown().transform((v) => (typeof v === 'string' ? v : undefined));

export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'USER',
  body: z.object({ search: text, genre: text, sort: text, level: z.unknown().transform((v) => Number(v) || undefined) }),
  bodyOptional: true,
  handler: ({ user, params, body }) =>
    searchBooks(
      user.id,
      { q: body.search, genre: body.genre, level: body.level, sort: body.sort, page: boundedInt(params.page, 1, 1, 10_000) },
      boundedInt(params.size, SEARCH_PAGE_SIZE, 1, 50),
    ),
});
