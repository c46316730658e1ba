import { z } from 'zod';
import { firstRecordInput } from '~/domain/reading-input';
import { apiError, apiRoute } from '~/web/api.server';
import { startReading, startReadingAnswer } from '~/services/reading/records.server';
import { BOOK_NOT_FOUND, field, READING_WRITE_FAILURES, readingBook } from './__reading.server';
import { TAGS } from '~/web/api-doc.server';

// POST /api/user/activity/bookDayRead/first/{resultBookId} { resultReadItemId, startPage }: the first record.
// PRE_ACTIVITY_COMPLETE → ACTIVITY and the book becomes current. resultReadItemId, when sent, must be the path id.
export const { loader, action } = apiRoute({
  method: 'POST',
  ...readingBook(),
  body: firstRecordInput.extend({ resultReadItemId: z.unknown() }),
  wire: (raw) => ({ startPage: field(raw, 'startPage'), resultReadItemId: field(raw, 'resultReadItemId') }),
  doc: {
    path: '/api/user/activity/bookDayRead/first/{id}',
    tag: TAGS.reading,
    summary: '첫 독서 시작',
    description: '시작 쪽을 정하고 읽기를 시작합니다 (읽기 전 활동 완료 → 독서활동). 이 책이 지금 읽는 책이 됩니다.',
    request: { schema: z.object({ resultReadItemId: z.number().int().optional(), startPage: z.number().int().optional() }) },
    answer: startReadingAnswer,
    errors: READING_WRITE_FAILURES,
  },
  handler: ({ user, ids, body }) => {
    if (body.resultReadItemId !== undefined && Number(body.resultReadItemId) !== ids.id) {
      return apiError(BOOK_NOT_FOUND.code, BOOK_NOT_FOUND.message, 404);
    }
    return startReading(user.id, ids.id, { startPage: body.startPage ?? 1 });
  },
});
