import { apiError } from '~/auth/api.server';
import { asBool, asNumber, postOnly, readingApi } from '~/lib/api-reading.server';
import { ReadingEvent } from '~/domain/enums';
import { READING_ERRORS } from '~/domain/reading';
import { resetClock, saveRecord, startClock } from '~/services/reading.server';

// POST /api/user/book/read/{resultBookId}/{event}: the reading clock (CLOCK). event 10 READ_START starts it, 999
// RESET cancels it, 20 READ_END saves the record with the server's elapsed time:
// body { start, end, date?, isRepeat?, weak?, submissionKey } (any `time` sent is ignored).
export const loader = postOnly;
export const action = readingApi(async ({ user, id, args, body }) => {
  const event = Number(args.params.b);
  if (event === ReadingEvent.READ_START) return startClock(user.id, id);
  if (event === ReadingEvent.RESET) return resetClock(user.id, id);
  if (event !== ReadingEvent.READ_END) throw apiError('READ_SAVE_FAILED', READING_ERRORS.READ_SAVE_FAILED, 400);
  const b = (await body()) as Record<string, unknown>;
  return saveRecord(user.id, id, {
    startPage: asNumber(b.start),
    endPage: asNumber(b.end),
    readDate: typeof b.date === 'string' && b.date ? b.date : undefined,
    isRepeat: asBool(b.isRepeat),
    weak: asBool(b.weak),
    submissionKey: String(b.submissionKey ?? args.request.headers.get('Idempotency-Key') ?? ''),
  });
}, 'a');
