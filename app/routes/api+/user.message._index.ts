import { apiRoute } from '~/web/api.server';
import { pageParam } from '~/web/http.server';
import { listInbox } from '~/services/inbox.server';
import { messageAnswer, messageJson } from './__inbox.server';
import { TAGS } from '~/web/api-doc.server';
import { z } from 'zod';

// GET /api/user/message?page=N: the caller's inbox, newest first, 20 a page, with the unread count (docs/api-inbox.md).
export const { loader, action } = apiRoute({
  access: 'ANY',
  doc: {
    path: '/api/user/message',
    tag: TAGS.messages,
    summary: '메시지함',
    description: '내 메시지, 최신순 20개씩, 읽지 않은 수와 함께.',
    query: z.object({ page: z.string().optional().openapi({ description: '1부터' }) }),
    answer: z.object({
      items: z.array(messageAnswer),
      total: z.number().int(),
      unread: z.number().int(),
      page: z.number().int(),
      pages: z.number().int(),
    }),
  },
  handler: async ({ user, request }) => {
    const list = await listInbox(user.id, pageParam(request));
    return { ...list, items: list.items.map(messageJson) };
  },
});
