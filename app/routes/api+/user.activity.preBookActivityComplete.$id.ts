import { postOnly, readingApi } from '~/lib/api-reading.server';
import { submitBeforeReading } from '~/services/reading.server';

// POST /api/user/activity/preBookActivityComplete/{resultBookId} { prediction, whatIKnow }: WAITING → PRE_ACTIVITY_COMPLETE.
export const loader = postOnly;
export const action = readingApi(async ({ user, id, body }) => {
  const b = (await body()) as Record<string, unknown>;
  return submitBeforeReading(user.id, id, { prediction: String(b.prediction ?? ''), whatIKnow: String(b.whatIKnow ?? '') });
});
