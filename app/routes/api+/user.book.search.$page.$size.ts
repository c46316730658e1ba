import { z } from 'zod';
import { apiRoute } from '~/web/api.server';
import { boundedInt } from '~/web/http.server';
import { searchAnswer, searchBooks, SEARCH_PAGE_SIZE, SEARCH_SORT_KEYS } from '~/services/library.server';
import { TAGS } from '~/web/api-doc.server';

// POST /api/user/book/search/{page}/{size} { search, genre?, level?, sort? }: the catalogue search.
const text = z.unknown().transform((v) => (typeof v === 'string' ? v : undefined));

export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'USER',
  body: z.object({ search: text, genre: text, sort: text, level: z.unknown().transform((v) => Number(v) || undefined) }),
  bodyOptional: true,
  doc: {
    path: '/api/user/book/search/{page}/{size}',
    tag: TAGS.library,
    summary: '도서 검색',
    description: '도서 목록 검색. {page} 1부터, {size} 한 쪽의 수 (1–50). 본문은 모두 선택입니다.',
    request: {
      schema: z.object({
        search: z.string().optional(),
        genre: z.string().optional(),
        level: z.number().int().optional(),
        sort: z.enum(SEARCH_SORT_KEYS).optional(),
      }),
    },
    answer: searchAnswer,
  },
  handler: ({ user, params, body }) =>
    searchBooks(
      user.id,
      { q: body.search, genre: body.genre, level: body.level, sort: body.sort, page: boundedInt(params.page, 1, 1, 10_000) },
      boundedInt(params.size, SEARCH_PAGE_SIZE, 1, 50),
    ),
});
