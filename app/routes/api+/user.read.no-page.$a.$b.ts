import { noPageInput } from '~/domain/reading-input';
import { apiRoute } from '~/lib/api.server';
import { saveNoPage } from '~/services/reading/records.server';
import { field, readingBook } from './__reading.server';

// POST /api/user/read/no-page/{resultBookId}/{submissionKey} { index, time, date? }: progress of a book without pages.
export const { loader, action } = apiRoute({
  method: 'POST',
  ...readingBook('a'),
  body: noPageInput,
  wire: (raw, { params }) => ({
    submissionKey: params.b,
    index: field(raw, 'index'),
    minutes: field(raw, 'time'),
    readDate: field(raw, 'date'),
  }),
  handler: ({ user, ids, body }) => saveNoPage(user.id, ids.a, body),
});
