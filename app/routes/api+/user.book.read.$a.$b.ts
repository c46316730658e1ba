import { clockEventInput, CLOCK_EVENTS, recordInput } from '~/domain/reading-input';
import { apiError, apiRoute } from '~/web/api.server';
import { resetClock, saveRecord, saveResultAnswer, startClock } from '~/services/reading/records.server';
import {
  field,
  idempotencyKey,
  READ_SAVE_FAILED,
  READING_WRITE_FAILURES,
  readingBook,
  submissionKeyField,
  submissionKeyHeader,
} from './__reading.server';
import { TAGS } from '~/web/api-doc.server';
import { z } from 'zod';
import { clockAnswer } from '~/services/reading/books.server';

// POST /api/user/book/read/{resultBookId}/{event}: the reading clock (CLOCK). event 10 READ_START starts it, 999
// RESET cancels it, 20 READ_END saves the record with the server's elapsed time:
// body { start, end, date?, isRepeat?, weak?, submissionKey } (any `time` sent is ignored).
// READ_END (20) is a record: it has a body and the record's contract; the other events have neither.
const startOrReset = apiRoute({
  method: 'POST',
  ...readingBook('a'),
  doc: null, // described below, with READ_END
  handler: ({ user, ids, params }) => {
    const event = clockEventInput.safeParse(params.b).data;
    if (event === CLOCK_EVENTS.start) return startClock(user.id, ids.a);
    if (event === CLOCK_EVENTS.reset) return resetClock(user.id, ids.a);
    return apiError(READ_SAVE_FAILED.code, READ_SAVE_FAILED.message, 400);
  },
});

const readEnd = apiRoute({
  method: 'POST',
  ...readingBook('a'),
  body: recordInput,
  wire: (raw, { request }) => ({
    submissionKey: field(raw, 'submissionKey') ?? idempotencyKey(request),
    startPage: field(raw, 'start'),
    endPage: field(raw, 'end'),
    readDate: field(raw, 'date'),
    isRepeat: field(raw, 'isRepeat'),
    weak: field(raw, 'weak'),
  }),
  doc: {
    path: '/api/user/book/read/{a}/{b}',
    tag: TAGS.reading,
    summary: '독서 시계',
    description:
      '시계로 읽는 책(CLOCK)의 시계. {a}: 결과 도서 번호, {b}: 10 시작(READ_START), 20 끝(READ_END: 본문의 쪽으로 기록을 저장하고 시간은 서버가 잼), 999 취소(RESET). 시작과 취소는 본문 없이 시계 상태를, 끝은 저장 결과를 답합니다.',
    request: {
      schema: z.object({
        start: z.number().int(),
        end: z.number().int(),
        date: z.string().date().optional(),
        isRepeat: z.boolean().optional(),
        weak: z.boolean().optional(),
        submissionKey: submissionKeyField,
      }),
    },
    headers: submissionKeyHeader,
    answer: z.union([saveResultAnswer, clockAnswer]),
    errors: READING_WRITE_FAILURES,
  },
  handler: ({ user, ids, body }) => saveRecord(user.id, ids.a, body),
});

export const loader = startOrReset.loader;
export const action = (args: Parameters<typeof readEnd.action>[0]) =>
  clockEventInput.safeParse(args.params.b).data === CLOCK_EVENTS.end ? readEnd.action(args) : startOrReset.action(args);
