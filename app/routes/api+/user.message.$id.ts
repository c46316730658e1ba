import { apiRoute } from '~/lib/api.server';
import { getInboxItem, openInboxItem } from '~/services/inbox.server';
import { messageJson, messageNotFound } from './__inbox.server';

// GET /api/user/message/{id} (spec §7): one of the caller's messages, as it is (a GET changes nothing).
// POST /api/user/message/{id}: marks it read (once) and answers it. Another user's message: 404 MESSAGE_NOT_FOUND.
export const { loader } = apiRoute({
  access: 'ANY',
  ids: ['id'],
  notFound: messageNotFound,
  handler: async ({ user, ids: { id } }) => messageJson(await getInboxItem(user.id, id)),
});

export const { action } = apiRoute({
  method: 'POST',
  access: 'ANY',
  ids: ['id'],
  notFound: messageNotFound,
  handler: async ({ user, ids: { id } }) => messageJson(await openInboxItem(user.id, id)),
});
