import { z } from 'zod';
import { apiRoute } from '~/lib/api.server';
import { setLike } from '~/services/library.server';
import { BOOK_NOT_FOUND } from './__reading.server';

// POST /api/user/book/like/{bookId} { like: true | false }: like or unlike a book (repeating is harmless; no body
// likes it).
export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'USER',
  ids: ['bookId'],
  notFound: BOOK_NOT_FOUND,
  body: z.object({ like: z.unknown() }),
  bodyOptional: true,
  handler: ({ user, ids, body }) => setLike(user.id, ids.bookId, body.like === undefined || body.like === true || body.like === 'true'),
});
