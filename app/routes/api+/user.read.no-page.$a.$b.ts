import { noPageInput } from '~/domain/reading-input';
import { apiRoute } from '~/web/api.server';
import { noPageResultAnswer, saveNoPage } from '~/services/reading/records.server';
import { field, READING_WRITE_FAILURES, readingBook } from './__reading.server';
import { z } from 'zod';
import { TAGS } from '~/web/api-doc.server';

// POST /api/user/read/no-page/{resultBookId}/{submissionKey} { index, time, date? }: progress of a book without pages.
export const { loader, action } = apiRoute({
  method: 'POST',
  ...readingBook('a'),
  body: noPageInput,
  wire: (raw, { params }) => ({
    submissionKey: params.b,
    index: field(raw, 'index'),
    minutes: field(raw, 'time'),
    readDate: field(raw, 'date'),
  }),
  doc: {
    path: '/api/user/read/no-page/{a}/{b}',
    tag: TAGS.reading,
    summary: '쪽 없는 책 기록',
    description: '쪽 번호가 없는 책의 진행을 저장합니다. {a}: 결과 도서 번호, {b}: submissionKey (한 번만 저장).',
    request: { schema: z.object({ index: z.number().int(), time: z.number().int(), date: z.string().date().optional() }) },
    answer: noPageResultAnswer,
    errors: READING_WRITE_FAILURES,
  },
  handler: ({ user, ids, body }) => saveNoPage(user.id, ids.a, body),
});
