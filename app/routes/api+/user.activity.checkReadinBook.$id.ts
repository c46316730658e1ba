import { apiRoute } from '~/lib/api.server';
import { BookStatus } from '~/domain/enums';
import { isReadable } from '~/domain/reading';
import { getReadingBook } from '~/services/reading/books.server';
import { readingBook } from './__reading.server';

// GET /api/user/activity/checkReadinBook/{resultBookId}: can the student record reading for this book now?
export const { loader, action } = apiRoute({
  ...readingBook(),
  handler: async ({ user, ids: { id } }) => {
    const b = await getReadingBook(user.id, id);
    return {
      resultBookId: b.resultBookId,
      status: b.status,
      readMethod: b.readMethod,
      readMethodSet: isReadable(b.readMethod),
      reading: b.status === BookStatus.ACTIVITY && isReadable(b.readMethod),
      isCurrent: b.isCurrent,
    };
  },
});
