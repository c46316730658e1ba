import { getOnly, readingApi } from '~/lib/api-reading.server';
import { BookStatus } from '~/domain/enums';
import { isReadable } from '~/domain/reading';
import { getReadingBook } from '~/services/reading.server';

// GET /api/user/activity/checkReadinBook/{resultBookId}: can the student record reading for this book now?
export const loader = readingApi(async ({ user, id }) => {
  const b = await getReadingBook(user.id, id);
  return {
    resultBookId: b.resultBookId,
    status: b.status,
    readMethod: b.readMethod,
    readMethodSet: isReadable(b.readMethod),
    reading: b.status === BookStatus.ACTIVITY && isReadable(b.readMethod),
    isCurrent: b.isCurrent,
  };
});
export const action = getOnly;
