import { asNumber, postOnly, readingApi } from '~/lib/api-reading.server';
import { saveNoPage } from '~/services/reading.server';

// POST /api/user/read/no-page/{resultBookId}/{submissionKey} { index, time }: progress of a book without pages.
export const loader = postOnly;
export const action = readingApi(async ({ user, id, args, body }) => {
  const b = (await body()) as Record<string, unknown>;
  return saveNoPage(user.id, id, {
    index: asNumber(b.index),
    minutes: asNumber(b.time),
    readDate: typeof b.date === 'string' && b.date ? b.date : undefined,
    submissionKey: String(args.params.b ?? ''),
  });
}, 'a');
