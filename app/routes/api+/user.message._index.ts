import { apiRoute } from '~/lib/api.server';
import { pageParam } from '~/lib/http.server';
import { listInbox } from '~/services/inbox.server';
import { messageJson } from './__inbox.server';

// GET /api/user/message?page=N: the caller's inbox, newest first, 20 a page, with the unread count (docs/api-inbox.md).
export const { loader, action } = apiRoute({
  access: 'ANY',
  handler: async ({ user, request }) => {
    const list = await listInbox(user.id, pageParam(request));
    return { ...list, items: list.items.map(messageJson) };
  },
});
