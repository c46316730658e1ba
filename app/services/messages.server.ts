import { and, count, desc, eq } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { messages, users, type MessageChannel } from '~/db/schema';
import { SendState } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { messageProvider } from './message-provider.server';

// The message outbox (product.md §3): a message is stored WAITING first, so it is never lost; delivery claims it with
// a guarded UPDATE (WAITING → SENDING) and records the outcome (COMPLETE or FAIL, with the attempt count).

export type NewMessage = { recipientUserId: number | null; phone: string; channel: MessageChannel; kind: string; body: string };

/** Stores a message WAITING; pass the transaction of the change that causes it, so both commit or neither. */
export async function enqueueMessage(message: NewMessage, executor: Executor = db()) {
  const [row] = await executor
    .insert(messages)
    .values({ ...message, sendState: SendState.WAITING })
    .returning();
  return row;
}

/** Hands one WAITING message to the provider. Returns false when another worker claimed it first. */
export async function deliverMessage(id: number): Promise<boolean> {
  const [claimed] = await db()
    .update(messages)
    .set({ sendState: SendState.SENDING })
    .where(and(eq(messages.id, id), eq(messages.sendState, SendState.WAITING)))
    .returning();
  if (!claimed) return false;
  let result;
  try {
    result = await messageProvider().send(claimed);
  } catch (error) {
    result = { ok: false as const, error: error instanceof Error ? error.message : String(error) };
  }
  await db()
    .update(messages)
    .set(
      result.ok
        ? { sendState: SendState.COMPLETE, providerId: result.providerId, sentAt: now(), attempts: claimed.attempts + 1 }
        : { sendState: SendState.FAIL, lastError: result.error, attempts: claimed.attempts + 1 },
    )
    .where(and(eq(messages.id, id), eq(messages.sendState, SendState.SENDING)));
  return result.ok;
}

/** Stores and, with the local provider, delivers at once. */
export async function sendMessage(message: NewMessage) {
  const row = await enqueueMessage(message);
  await deliverMessage(row.id);
  return row.id;
}

export const MESSAGES_PAGE_SIZE = 20;

/** The operators' view of the outbox, newest first. Two queries whatever the page. */
export async function listMessages(page: number) {
  const safePage = Math.max(1, Math.floor(page) || 1);
  const [rows, [{ total }]] = await Promise.all([
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
        recipientName: users.name,
        recipientLoginId: users.loginId,
      })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.recipientUserId))
      .orderBy(desc(messages.id))
      .limit(MESSAGES_PAGE_SIZE)
      .offset((safePage - 1) * MESSAGES_PAGE_SIZE),
    db().select({ total: count() }).from(messages),
  ]);
  return { rows, total: Number(total), page: safePage, pages: Math.max(1, Math.ceil(Number(total) / MESSAGES_PAGE_SIZE)) };
}
