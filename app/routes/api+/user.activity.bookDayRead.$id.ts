import { asBool, asNumber, postOnly, readingApi } from '~/lib/api-reading.server';
import { apiError } from '~/auth/api.server';
import { READING_ERRORS } from '~/domain/reading';
import { editLastRecord, saveRecord } from '~/services/reading.server';

// POST /api/user/activity/bookDayRead/{resultBookId}: an array of one reading record plus isChange (spec §7).
// Body: { "list": [{ start, end, time, date, isRepeat, weak }], "isChange": false, "submissionKey": "…" } (or the bare
// array). isChange edits the last record's end page to `end`. The read method and readTimeResult are the server's.
export const loader = postOnly;
export const action = readingApi(async ({ user, id, body, args }) => {
  const raw = await body();
  const obj = (Array.isArray(raw) ? { list: raw } : raw) as Record<string, unknown>;
  const list = Array.isArray(obj.list) ? obj.list : Array.isArray(obj.records) ? obj.records : null;
  if (!list || list.length !== 1 || typeof list[0] !== 'object' || list[0] === null) {
    throw apiError('READ_SAVE_FAILED', READING_ERRORS.READ_SAVE_FAILED, 400);
  }
  const record = list[0] as Record<string, unknown>;
  if (asBool(obj.isChange)) return editLastRecord(user.id, id, { endPage: asNumber(record.end) });
  const submissionKey = String(obj.submissionKey ?? record.submissionKey ?? args.request.headers.get('Idempotency-Key') ?? '');
  return saveRecord(user.id, id, {
    startPage: asNumber(record.start),
    endPage: asNumber(record.end),
    minutes: record.time === undefined ? undefined : asNumber(record.time),
    readDate: typeof record.date === 'string' && record.date ? record.date : undefined,
    isRepeat: asBool(record.isRepeat),
    weak: asBool(record.weak),
    submissionKey,
  });
});
