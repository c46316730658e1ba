import { and, eq, inArray, sql } from 'drizzle-orm';
import { db, executeRows } from '~/db/client.server';
import { messages, talkTemplates, type Message } from '~/db/schema';
import { SendState } from '~/domain/enums';
import { statusReason } from '~/domain/talk';
import { now } from '~/lib/clock.server';
import { log } from '~/lib/log.server';
import { messageProvider } from '../message-provider.server';
import {
  count,
  emptySummary,
  meaningOf,
  reconcileMessages,
  settle,
  settleMany,
  touchSending,
  type OutboxSummary,
  type Settlement,
} from './delivery.server';
import type { OutgoingMessage, ProviderMessage } from './provider-types.server';

// The message outbox's worker (docs/talk.md, architecture.md §8). Every message (알림톡, SMS, one-time codes) is a row
// of `messages`, written WAITING in the transaction of its cause. A worker claims due rows (`next_attempt_at <= now`)
// with FOR UPDATE SKIP LOCKED in a short transaction (SENDING, claimedAt, the attempt counted), so several workers never
// claim one row; sends them in batches; and settles each from the provider's answer (delivery.server.ts, which also
// holds the reconciler and the delivery reports). This file: the claim, the send, the worker's pass, a send at once.

/** Rows per send request (Solapi takes up to 10,000; a hundred keeps a lost answer small). */
export const OUTBOX_BATCH = 100;

type Claimed = Pick<Message, 'id' | 'phone' | 'channel' | 'body' | 'templateId' | 'variables' | 'attempts' | 'claimedAt'>;

/**
 * Claims up to `limit` due WAITING rows, oldest due first, in one short transaction: the subquery locks them
 * (skipping rows another worker holds) and the update marks them SENDING with this attempt counted.
 */
export async function claimDueMessages(limit = OUTBOX_BATCH): Promise<Message[]> {
  if (limit <= 0) return [];
  const at = now();
  const claimed = await db().transaction(async (tx) => {
    const rows = await executeRows<{ id: number }>(
      tx,
      sql`select id from ${messages}
          where ${messages.sendState} = ${SendState.WAITING} and ${messages.nextAttemptAt} <= ${at.toISOString()}
          order by ${messages.nextAttemptAt}, ${messages.id}
          limit ${limit}
          for update skip locked`,
    );
    if (rows.length === 0) return [];
    return tx
      .update(messages)
      .set(claimSet(at))
      .where(
        and(
          inArray(
            messages.id,
            rows.map((r) => Number(r.id)),
          ),
          eq(messages.sendState, SendState.WAITING),
        ),
      )
      .returning();
  });
  return claimed.sort((a, b) => a.id - b.id);
}

const claimSet = (at: Date) => ({
  sendState: SendState.SENDING,
  claimedAt: at,
  attempts: sql`${messages.attempts} + 1`,
  providerId: null,
  providerGroupId: null,
  updatedAt: at,
});

/** Claims one WAITING row by id (a one-time code sent at once); null when it is not WAITING (another worker has it). */
async function claimOne(id: number): Promise<Message | null> {
  const [row] = await db()
    .update(messages)
    .set(claimSet(now()))
    .where(and(eq(messages.id, id), eq(messages.sendState, SendState.WAITING)))
    .returning();
  return row ?? null;
}

/** The provider template ids of the rows' templates (알림톡 rows without one go as text). */
async function outgoing(rows: Claimed[]): Promise<OutgoingMessage[]> {
  const templateIds = [...new Set(rows.map((r) => r.templateId).filter((id): id is number => id !== null))];
  const templates = templateIds.length
    ? await db()
        .select({ id: talkTemplates.id, providerTemplateId: talkTemplates.providerTemplateId })
        .from(talkTemplates)
        .where(inArray(talkTemplates.id, templateIds))
    : [];
  const providerIds = new Map(templates.map((t) => [t.id, t.providerTemplateId]));
  return rows.map((row) => {
    const providerTemplateId = row.channel === 'TALK' && row.templateId ? providerIds.get(row.templateId) : null;
    return {
      id: row.id,
      attempt: row.attempts,
      phone: row.phone,
      channel: row.channel,
      body: row.body,
      talk: providerTemplateId ? { providerTemplateId, variables: row.variables ?? {} } : null,
    };
  });
}

/**
 * Sends claimed rows in one request and settles each from the answer. Rows the provider accepted but has not yet
 * reported on are read back at once by their group (the simulator, and Solapi for a fast carrier, have the result).
 */
export async function sendClaimed(rows: Message[], summary: OutboxSummary = emptySummary()): Promise<OutboxSummary> {
  if (rows.length === 0) return summary;
  const result = await messageProvider().send(await outgoing(rows));
  if (!result.ok) {
    if (result.outcome === 'refused') {
      const meaning = { kind: 'transient', code: result.code, reason: statusReason(result.code, result.message) } as const;
      for (const row of rows) count(summary, await settle(row, meaning));
      log.warn({ code: result.code, rows: rows.length }, 'message provider refused a send');
    } else {
      // Unknown: the provider may have registered them. They stay SENDING; the reconciler looks them up.
      await touchSending(rows, { lastErrorCode: result.code, lastError: statusReason(result.code, result.message) });
      summary.unknown += rows.length;
      log.warn({ code: result.code, rows: rows.length }, 'message provider answer unknown: the rows will be looked up');
    }
    return summary;
  }
  const byRow = new Map<number, ProviderMessage>();
  for (const m of result.messages) if (m.outboxId !== null) byRow.set(m.outboxId, m);
  const answered: Settlement[] = [];
  for (const row of rows) {
    const answer = byRow.get(row.id);
    // The provider did not mention it: an unknown outcome, looked up later.
    if (!answer) summary.unknown += 1;
    else
      answered.push({
        row,
        meaning: meaningOf(answer),
        provider: { messageId: answer.messageId, groupId: answer.groupId ?? result.groupId },
      });
  }
  // Accepted, not yet reported: read back at once by their group (the carrier may already have answered).
  const waiting = answered.filter((a) => a.meaning.kind === 'pending');
  if (waiting.length && result.groupId) {
    const read = await messageProvider().lookup({ groupId: result.groupId });
    const found = new Map(read.ok ? read.messages.filter((m) => m.outboxId !== null).map((m) => [m.outboxId!, m]) : []);
    for (const item of waiting) {
      const answer = found.get(item.row.id);
      if (answer && answer.messageId === item.provider?.messageId) item.meaning = meaningOf(answer);
    }
  }
  await settleMany(answered, summary);
  return summary;
}

/**
 * One pass of the outbox (the job runner's 'outbox' schedule, `npm run worker`, the benchmark's workers): reconcile,
 * then claim and send due rows batch after batch, up to `maxBatches`. Nothing happens without a provider.
 */
export async function runOutbox(options: { batch?: number; maxBatches?: number } = {}): Promise<OutboxSummary> {
  const summary = emptySummary();
  if (messageProvider().name === 'none') return summary;
  await reconcileMessages(summary);
  const batch = options.batch ?? OUTBOX_BATCH;
  for (let round = 0; round < (options.maxBatches ?? 10); round += 1) {
    const rows = await claimDueMessages(batch);
    summary.claimed += rows.length;
    if (rows.length === 0) break;
    await sendClaimed(rows, summary);
    if (rows.length < batch) break;
  }
  return summary;
}

/**
 * Sends one WAITING row now (a one-time code: the person is waiting for it) through the same path as the worker.
 * Returns false when it was not WAITING or no provider is configured (the worker sends it then).
 */
export async function deliverNow(id: number): Promise<boolean> {
  if (messageProvider().name === 'none') return false;
  const row = await claimOne(id);
  if (!row) return false;
  await sendClaimed([row]);
  return true;
}
