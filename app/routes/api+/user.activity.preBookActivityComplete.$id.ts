import { z } from 'zod';
import { apiRoute } from '~/lib/api.server';
import { submitBeforeReading } from '~/services/reading/before.server';
import { readingBook } from './__reading.server';

// POST /api/user/activity/preBookActivityComplete/{resultBookId} { prediction, whatIKnow }: WAITING → PRE_ACTIVITY_COMPLETE.
// Empty answers are refused by the service (READ_SAVE_FAILED), as the page's form refuses them.
const text = z.preprocess((v) => (v === undefined || v === null ? '' : String(v)), z.string());

export const { loader, action } = apiRoute({
  method: 'POST',
  ...readingBook(),
  body: z.object({ prediction: text, whatIKnow: text }),
  handler: ({ user, ids, body }) => submitBeforeReading(user.id, ids.id, body),
});
