import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { messages, users, type MessageChannel } from '~/db/schema';
import { SendState } from '~/domain/enums';
import { recipientRole } from '~/domain/talk';
import { log } from '~/lib/log.server';
import { deliverNow } from './talk/outbox.server';
import { onePage } from './paged-list.server';

// The message outbox (product.md §3, docs/talk.md): every message is stored WAITING first, in the transaction of its
// cause, so it is never lost; the outbox worker (talk/outbox.server.ts) sends it through the provider and records how
// it ended (talk/delivery.server.ts). One path for everything: 알림톡 from templates, one-time codes and links by SMS.

export type NewMessage = {
  recipientUserId: number | null;
  phone: string;
  channel: MessageChannel;
  kind: string;
  body: string;
  /** 알림톡: the template and its variables as filled for this recipient. */
  templateId?: number | null;
  variables?: Record<string, string> | null;
  /** The staff send it belongs to. */
  sendId?: number | null;
  /** One row per recipient per cause: a second row with the same key is not written. */
  dedupeKey?: string | null;
};

/**
 * Stores a message WAITING; pass the transaction of the change that causes it, so both commit or neither. With a
 * dedupe key already used, nothing is written and null is returned.
 */
export async function enqueueMessage(message: NewMessage, executor: Executor = db()) {
  const [row] = await executor
    .insert(messages)
    .values({ ...message, sendState: SendState.WAITING })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Stores a message and sends it at once through the outbox's path (one-time codes: someone is waiting for it). */
export async function sendMessage(message: NewMessage) {
  const row = await enqueueMessage(message);
  if (!row) throw new Error('sendMessage: a message with this dedupe key was already sent');
  await deliverNow(row.id);
  return row.id;
}

/**
 * Stores a message and has the outbox send it at once, without the caller waiting for the provider: for a one-time
 * code asked for by someone who may not have an account, so that the answer takes as long for a real account as for
 * an unknown one (the provider's round trip would tell them apart). A send that fails is left to the outbox worker,
 * which retries it.
 */
export async function sendMessageSoon(message: NewMessage) {
  const row = await enqueueMessage(message);
  if (!row) throw new Error('sendMessageSoon: a message with this dedupe key was already sent');
  setImmediate(() => {
    deliverNow(row.id).catch((error: unknown) =>
      log.warn({ messageId: row.id, error: String(error) }, 'a message left for the outbox worker'),
    );
  });
  return row.id;
}

export const MESSAGES_PAGE_SIZE = 50;

export type MessageFilters = { state?: SendState | null; kind?: string | null; channel?: MessageChannel | null };

/** The operators' view of the outbox, newest first, filtered by state, kind and channel. Two queries whatever the page. */
export async function listMessages(page: number, filters: MessageFilters = {}) {
  const where: SQL[] = [];
  if (filters.state) where.push(eq(messages.sendState, filters.state));
  if (filters.kind) where.push(eq(messages.kind, filters.kind));
  if (filters.channel) where.push(eq(messages.channel, filters.channel));
  const condition = where.length ? and(...where) : undefined;
  const listed = (where: SQL | undefined) =>
    db()
      .select({
        id: messages.id,
        phone: messages.phone,
        channel: messages.channel,
        kind: messages.kind,
        body: messages.body,
        sendState: messages.sendState,
        attempts: messages.attempts,
        sentAt: messages.sentAt,
        createdAt: messages.createdAt,
        nextAttemptAt: messages.nextAttemptAt,
        lastError: messages.lastError,
        lastErrorCode: messages.lastErrorCode,
        replacedBySms: messages.replacedBySms,
        dedupeKey: messages.dedupeKey,
        sendId: messages.sendId,
        recipientName: users.name,
        recipientLoginId: users.loginId,
      })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.recipientUserId))
      .where(where)
      .orderBy(desc(messages.id));
  const { rows, ...paging } = await onePage(
    page,
    MESSAGES_PAGE_SIZE,
    listed(condition),
    db().select({ total: count() }).from(messages).where(condition),
    {
      estimate: true,
      // The page's ids first (an index scan), then their recipients: a late page joins 50 rows, not every row skipped.
      pageRows: (limit, offset) =>
        listed(
          inArray(
            messages.id,
            db().select({ id: messages.id }).from(messages).where(condition).orderBy(desc(messages.id)).limit(limit).offset(offset),
          ),
        ),
    },
  );
  return { rows: rows.map(({ dedupeKey, ...r }) => ({ ...r, role: recipientRole(dedupeKey) })), ...paging };
}
