import { z } from 'zod';
import { apiRoute } from '~/lib/api.server';
import { addOwnBook } from '~/services/assignments.server';
import { readingBook } from './__reading.server';

// POST /api/user/activity/addReadinBookResult/{bookId} { readMethod? }: puts a catalogue book on the member's own list
// (a WAITING result book; docs/decisions/010). Here `{id}` is the catalogue book id. The body is optional (no read
// method: FREE for an individual member); the service checks the read method.
export const { loader, action } = apiRoute({
  method: 'POST',
  ...readingBook(),
  body: z.object({ readMethod: z.unknown() }),
  bodyOptional: true,
  handler: async ({ user, ids, body }) => {
    const { resultBookId, bookId, status, readMethod, message } = await addOwnBook(user.id, ids.id, body.readMethod);
    return { resultBookId, bookId, status, readMethod, message };
  },
});
