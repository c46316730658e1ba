import { clockEventInput, CLOCK_EVENTS, recordInput } from '~/domain/reading-input';
import { apiError, apiRoute } from '~/lib/api.server';
import { resetClock, saveRecord, startClock } from '~/services/reading/records.server';
import { field, idempotencyKey, READ_SAVE_FAILED, readingBook } from './__reading.server';

// POST /api/user/book/read/{resultBookId}/{event}: the reading clock (CLOCK). event 10 READ_START starts it, 999
// RESET cancels it, 20 READ_END saves the record with the server's elapsed time:
// body { start, end, date?, isRepeat?, weak?, submissionKey } (any `time` sent is ignored).
// READ_END (20) is a record: it has a body and the record's contract; the other events have neither.
const startOrReset = apiRoute({
  method: 'POST',
  ...readingBook('a'),
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
  handler: ({ user, ids, body }) => saveRecord(user.id, ids.a, body),
});

export const loader = startOrReset.loader;
export const action = (args: Parameters<typeof readEnd.action>[0]) =>
  clockEventInput.safeParse(args.params.b).data === CLOCK_EVENTS.end ? readEnd.action(args) : startOrReset.action(args);
