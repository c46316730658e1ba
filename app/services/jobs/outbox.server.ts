import { asc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { messages } from '~/db/schema';
import { SendState } from '~/domain/enums';
import { deliverMessage } from '~/services/messages.server';

/**
 * Hands the outbox's WAITING messages to the provider, oldest first: those queued in a transaction (payment receipts,
 * a refused automatic charge) wait here until a runner passes. Each delivery claims its message with a guarded update
 * (WAITING → SENDING), so two runners, or a runner and a request delivering at once, send it once. Returns how many
 * were delivered.
 */
export async function deliverWaitingMessages(limit = 50): Promise<number> {
  const waiting = await db()
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.sendState, SendState.WAITING))
    .orderBy(asc(messages.id))
    .limit(limit);
  let delivered = 0;
  for (const { id } of waiting) if (await deliverMessage(id)) delivered += 1;
  return delivered;
}
