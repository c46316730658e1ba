import { z } from 'zod';
import { apiRoute } from '~/web/api.server';
import { likeAnswer, setLike } from '~/services/library.server';
import { BOOK_NOT_FOUND } from './__reading.server';
import { TAGS } from '~/web/api-doc.server';

// POST /api/user/book/like/{bookId} { like: true | false }: like or unlike a book (repeating is harmless; no body
// likes it).
export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'USER',
  ids: ['bookId'],
  notFound: BOOK_NOT_FOUND,
  body: z.object({ like: z.unknown() }),
  bodyOptional: true,
  doc: {
    path: '/api/user/book/like/{bookId}',
    tag: TAGS.library,
    summary: '도서 좋아요',
    description: 'like 가 false 면 좋아요를 취소합니다 (본문이 없으면 좋아요). 되풀이해도 됩니다.',
    request: { schema: z.object({ like: z.boolean().optional() }) },
    answer: likeAnswer,
  },
  handler: ({ user, ids, body }) => setLike(user.id, ids.bookId, body.like === undefined || body.like === true || body.like === 'true'),
});
