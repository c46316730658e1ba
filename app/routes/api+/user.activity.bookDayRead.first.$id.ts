import { z } from 'zod';
import { firstRecordInput } from '~/domain/reading-input';
import { apiError, apiRoute } from '~/lib/api.server';
import { startReading } from '~/services/reading/records.server';
import { BOOK_NOT_FOUND, field, readingBook } from './__reading.server';

// POST /api/user/activity/bookDayRead/first/{resultBookId} { resultReadItemId, startPage }: the first record.
// PRE_ACTIVITY_COMPLETE → ACTIVITY and the book becomes current. resultReadItemId, when sent, must be the path id.
export const { loader, action } = apiRoute({
  method: 'POST',
  ...readingBook(),
  body: firstRecordInput.extend({ resultReadItemId: z.unknown() }),
  wire: (raw) => ({ startPage: field(raw, 'startPage'), resultReadItemId: field(raw, 'resultReadItemId') }),
  handler: ({ user, ids, body }) => {
    if (body.resultReadItemId !== undefined && Number(body.resultReadItemId) !== ids.id) {
      return apiError(BOOK_NOT_FOUND.code, BOOK_NOT_FOUND.message, 404);
    }
    return startReading(user.id, ids.id, { startPage: body.startPage ?? 1 });
  },
});
