import { db, type Executor } from '~/db/client.server';
import { inboxItems } from '~/db/schema';

// The in-app inbox (spec user/message). Whatever tells a user something (a talk message, a comment on their note, a
// notice for them, the answer to their inquiry) adds an item here in the transaction of its cause, so the inbox and
// the cause commit together.

export type InboxKind = 'TALK' | 'COMMENT' | 'NOTICE' | 'INQUIRY' | 'PAYMENT' | 'ACCOUNT';

export type NewInboxItem = {
  userId: number;
  kind: InboxKind;
  title: string;
  body: string;
  link?: string | null;
  messageId?: number | null;
};

export async function addInboxItems(items: NewInboxItem[], executor: Executor = db()) {
  if (items.length === 0) return;
  await executor.insert(inboxItems).values(items.map((i) => ({ ...i, link: i.link ?? null, messageId: i.messageId ?? null })));
}
