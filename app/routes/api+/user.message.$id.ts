import { apiRoute } from '~/web/api.server';
import { getInboxItem, openInboxItem } from '~/services/inbox.server';
import { messageAnswer, messageJson, messageNotFound } from './__inbox.server';
import { TAGS } from '~/web/api-doc.server';

// GET /api/user/message/{id} (spec §7): one of the caller's messages, as it is (a GET changes nothing).
// POST /api/user/message/{id}: marks it read (once) and answers it. Another user's message: 404 MESSAGE_NOT_FOUND.
export const { loader } = apiRoute({
  access: 'ANY',
  ids: ['id'],
  notFound: messageNotFound,
  doc: {
    path: '/api/user/message/{id}',
    tag: TAGS.messages,
    summary: '메시지',
    description: '내 메시지 하나. 읽음으로 표시하지 않습니다.',
    answer: messageAnswer,
  },
  handler: async ({ user, ids: { id } }) => messageJson(await getInboxItem(user.id, id)),
});

export const { action } = apiRoute({
  method: 'POST',
  access: 'ANY',
  ids: ['id'],
  notFound: messageNotFound,
  doc: {
    path: '/api/user/message/{id}',
    tag: TAGS.messages,
    summary: '메시지 읽음 표시',
    description: '내 메시지 하나를 읽음으로 표시하고 답합니다 (처음 한 번).',
    answer: messageAnswer,
  },
  handler: async ({ user, ids: { id } }) => messageJson(await openInboxItem(user.id, id)),
});
