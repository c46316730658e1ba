import { INBOX_MESSAGES } from '~/domain/inbox';
import { z } from 'zod';
import { isoDate } from '~/domain/api-schemas.server';
import type { InboxEntry } from '~/services/inbox.server';

// The JSON shape of an inbox item in the /api answers (docs/api-inbox.md).

export const messageNotFound = { code: 'MESSAGE_NOT_FOUND', message: INBOX_MESSAGES.notFound, status: 404 };

/** The JSON shape of an inbox item (`messageJson`). */
export const messageAnswer = z.object({
  messageId: z.number().int(),
  /** What the message is about ('notice', 'note', 'inquiry', …). */
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** The page it points to, if any. */
  link: z.string().nullable(),
  isRead: z.boolean(),
  readAt: isoDate.nullable(),
  createdAt: isoDate,
});

export function messageJson(item: InboxEntry): z.infer<typeof messageAnswer> {
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
