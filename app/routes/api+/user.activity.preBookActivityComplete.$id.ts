import { z } from 'zod';
import { apiRoute } from '~/web/api.server';
import { beforeSubmitAnswer, submitBeforeReading } from '~/services/reading/before.server';
import { READING_WRITE_FAILURES, readingBook } from './__reading.server';
import { TAGS } from '~/web/api-doc.server';

// POST /api/user/activity/preBookActivityComplete/{resultBookId} { prediction, whatIKnow }: WAITING → PRE_ACTIVITY_COMPLETE.
// Empty answers are refused by the service (READ_SAVE_FAILED), as the page's form refuses them.
const text = z.preprocess((v) => (v === undefined || v === null ? '' : String(v)), z.string());

export const { loader, action } = apiRoute({
  method: 'POST',
  ...readingBook(),
  body: z.object({ prediction: text, whatIKnow: text }),
  doc: {
    path: '/api/user/activity/preBookActivityComplete/{id}',
    tag: TAGS.activity,
    summary: '읽기 전 활동 제출',
    description: '예측과 이미 아는 것을 저장합니다 (대기 → 읽기 전 활동 완료). 다시 보내면 저장된 답을 돌려줍니다.',
    answer: beforeSubmitAnswer,
    errors: READING_WRITE_FAILURES,
  },
  handler: ({ user, ids, body }) => submitBeforeReading(user.id, ids.id, body),
});
