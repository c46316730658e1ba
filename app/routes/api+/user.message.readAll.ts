import { apiRoute } from '~/lib/api.server';
import { markAllInboxRead } from '~/services/inbox.server';

// POST /api/user/message/readAll: marks every unread message of the caller read → `{ marked }` (how many changed).
export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'ANY',
  handler: async ({ user }) => ({ marked: await markAllInboxRead(user.id) }),
});
