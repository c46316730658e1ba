import { apiRoute } from '~/web/api.server';
import { markAllInboxRead } from '~/services/inbox.server';
import { TAGS } from '~/web/api-doc.server';
import { z } from 'zod';

// POST /api/user/message/readAll: marks every unread message of the caller read → `{ marked }` (how many changed).
export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'ANY',
  doc: {
    path: '/api/user/message/readAll',
    tag: TAGS.messages,
    summary: '모두 읽음 표시',
    description: '읽지 않은 내 메시지를 모두 읽음으로 표시합니다. marked: 바뀐 수.',
    answer: z.object({ marked: z.number().int() }),
  },
  handler: async ({ user }) => ({ marked: await markAllInboxRead(user.id) }),
});
