import { z } from 'zod';
import { editLastRecordInput, recordInput } from '~/domain/reading-input';
import { apiRoute } from '~/web/api.server';
import { editLastRecord, saveRecord, saveResultAnswer } from '~/services/reading/records.server';
import { field, idempotencyKey, READING_WRITE_FAILURES, readingBook, submissionKeyField, submissionKeyHeader } from './__reading.server';
import { TAGS } from '~/web/api-doc.server';

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
  doc: {
    path: '/api/user/activity/bookDayRead/{id}',
    tag: TAGS.reading,
    summary: '독서 기록 저장',
    description:
      '기록 하나를 저장합니다. isChange 가 참이면 마지막 기록의 끝 쪽을 고칩니다. 같은 submissionKey 는 한 번만 저장됩니다 (Idempotency-Key 헤더로도 보낼 수 있음).',
    request: {
      schema: z.object({
        list: z
          .array(
            z.object({
              start: z.number().int().optional(),
              end: z.number().int(),
              time: z.number().int().optional(),
              date: z.string().date().optional(),
              isRepeat: z.boolean().optional(),
              weak: z.boolean().optional(),
            }),
          )
          .length(1),
        isChange: z.boolean().optional(),
        submissionKey: submissionKeyField,
      }),
    },
    headers: submissionKeyHeader,
    answer: saveResultAnswer,
    errors: READING_WRITE_FAILURES,
  },
  handler: ({ user, ids, body }) => (body.kind === 'edit' ? editLastRecord(user.id, ids.id, body) : saveRecord(user.id, ids.id, body)),
});
