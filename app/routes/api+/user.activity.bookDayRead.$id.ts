import { z } from 'zod';
import { editLastRecordInput, recordInput } from '~/domain/reading-input';
import { apiRoute } from '~/lib/api.server';
import { editLastRecord, saveRecord } from '~/services/reading/records.server';
import { field, idempotencyKey, readingBook } from './__reading.server';

// POST /api/user/activity/bookDayRead/{resultBookId}: an array of one reading record plus isChange (spec §7).
// Body: { "list": [{ start, end, time, date, isRepeat, weak }], "isChange": false, "submissionKey": "…" } (or the bare
// array; the key may come as the Idempotency-Key header). isChange edits the last record's end page to `end`. The
// read method and readTimeResult are the server's. The fields are checked by the reading contract.
const body = z.discriminatedUnion('kind', [
  recordInput.extend({ kind: z.literal('record') }),
  editLastRecordInput.extend({ kind: z.literal('edit') }),
]);

export const { loader, action } = apiRoute({
  method: 'POST',
  ...readingBook(),
  body,
  wire: (raw, { request }) => {
    const obj = Array.isArray(raw) ? { list: raw } : raw;
    const list = field(obj, 'list') ?? field(obj, 'records');
    if (!Array.isArray(list) || list.length !== 1) return null;
    const record = list[0];
    if ([true, 'true', 1, '1'].includes(field(obj, 'isChange') as never)) return { kind: 'edit', endPage: field(record, 'end') };
    return {
      kind: 'record',
      submissionKey: field(obj, 'submissionKey') ?? field(record, 'submissionKey') ?? idempotencyKey(request),
      startPage: field(record, 'start'),
      endPage: field(record, 'end'),
      minutes: field(record, 'time'),
      readDate: field(record, 'date'),
      isRepeat: field(record, 'isRepeat'),
      weak: field(record, 'weak'),
    };
  },
  handler: ({ user, ids, body }) => (body.kind === 'edit' ? editLastRecord(user.id, ids.id, body) : saveRecord(user.id, ids.id, body)),
});
