import { postOnly, readingApi } from '~/lib/api-reading.server';
import { addOwnBook } from '~/services/assignments.server';

// POST /api/user/activity/addReadinBookResult/{bookId} { readMethod? }: puts a catalogue book on the member's own list
// (a WAITING result book; docs/decisions/010). Here `{id}` is the catalogue book id.
export const loader = postOnly;
export const action = readingApi(async ({ user, id, body }) => {
  // The body is optional (no read method: FREE for an individual member).
  const b = ((await body().catch(() => ({}))) ?? {}) as Record<string, unknown>;
  const { resultBookId, bookId, status, readMethod, message } = await addOwnBook(user.id, id, b.readMethod);
  return { resultBookId, bookId, status, readMethod, message };
});
