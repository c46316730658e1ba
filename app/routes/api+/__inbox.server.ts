import { INBOX_MESSAGES } from '~/domain/inbox';
import type { InboxEntry } from '~/services/inbox.server';

// The JSON shape of an inbox item in the /api answers (docs/api-inbox.md).

export const messageNotFound = { code: 'MESSAGE_NOT_FOUND', message: INBOX_MESSAGES.notFound, status: 404 };

export function messageJson(item: InboxEntry) {
  return {
    messageId: item.id,
    kind: item.kind,
    title: item.title,
    body: item.body,
    link: item.link,
    isRead: item.readAt !== null,
    readAt: item.readAt,
    createdAt: item.createdAt,
  };
}
