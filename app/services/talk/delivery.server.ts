import { and, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { db, executeRows } from '~/db/client.server';
import { messages, type Message } from '~/db/schema';
import { SendState } from '~/domain/enums';
import { MAX_SEND_ATTEMPTS, statusMeaning, statusReason, type StatusMeaning } from '~/domain/talk';
import { now, nowMs } from '~/lib/clock.server';
import { log } from '~/lib/log.server';
import { retryDelayMs } from '~/services/jobs/runner.server';
import { messageProvider } from '../message-provider.server';
import type { ProviderMessage } from './provider-types.server';

// What became of the messages the outbox worker sent (outbox.server.ts, docs/talk.md): each row it holds is settled
// from the provider's answer:
// - delivered (4000) → COMPLETE (noting an SMS replacement);
// - accepted and waiting for the carrier (2000/3000) → stays SENDING with the provider's ids, for reports and lookups;
// - transient (carrier and server codes, 1024, a refused request) → WAITING again after base·2^(attempts−1) ± 25 %,
//   FAIL with the reason after MAX_SEND_ATTEMPTS;
// - permanent (template 3105, number 3010, opt-out, …) → FAIL at once with the code and reason;
// - no answer (a timeout, a lost connection, a server error, a worker killed mid-batch) → stays SENDING without a
//   provider id. The reconciler looks such a row up by recipient and date after STALE_CLAIM_MS, matching the row id and
//   attempt each message carries in its custom fields: found, it is settled from the provider's state (never sent
//   again); not found, it goes back to WAITING. So a message the provider accepted is never sent twice.
// The reconciler also re-reads SENDING rows the carrier has not reported on for RECONCILE_AFTER_MS, and the delivery
// webhook re-reads the ids it names (a hint only). Every settlement is a guarded update of our own claim.

/** A claim without the provider's answer is looked up after this long (well beyond the adapter's 10 s timeout). */
export const STALE_CLAIM_MS = 60_000;
/** A SENDING row whose report has not come is read back from the provider this often. */
export const RECONCILE_AFTER_MS = 60_000;
/** Accepted but never reported in three days: FAIL. */
export const GIVE_UP_AFTER_MS = 72 * 60 * 60_000;
/** The wait before the second attempt; each later one doubles it (capped, with jitter, by retryDelayMs). */
export const RETRY_BASE_MS = 30_000;
/** Rows one reconciliation pass looks at. */
const RECONCILE_LIMIT = 500;

export type OutboxSummary = { claimed: number; completed: number; pending: number; retried: number; failed: number; unknown: number };

export const emptySummary = (): OutboxSummary => ({ claimed: 0, completed: 0, pending: 0, retried: 0, failed: 0, unknown: 0 });

/** Our claim on a row: only the worker that claimed it at `claimedAt` (and the reconciler that read it so) settles it. */
const ours = (row: Pick<Message, 'id' | 'claimedAt'>) =>
  and(
    eq(messages.id, row.id),
    eq(messages.sendState, SendState.SENDING),
    row.claimedAt ? eq(messages.claimedAt, row.claimedAt) : isNull(messages.claimedAt),
  );

type Outcome = 'completed' | 'pending' | 'retried' | 'failed' | 'unknown' | 'lost';

/** Records what the provider says of a row we hold (SENDING at `claimedAt`). Returns what became of it. */
export async function settle(
  row: Pick<Message, 'id' | 'claimedAt' | 'attempts'>,
  meaning: StatusMeaning,
  provider: { messageId?: string | null; groupId?: string | null } = {},
): Promise<Outcome> {
  const at = now();
  const ids = {
    ...(provider.messageId ? { providerId: provider.messageId } : {}),
    ...(provider.groupId ? { providerGroupId: provider.groupId } : {}),
  };
  let set: Partial<typeof messages.$inferInsert>;
  let outcome: Outcome;
  switch (meaning.kind) {
    case 'delivered':
      set = {
        ...ids,
        sendState: SendState.COMPLETE,
        sentAt: at,
        replacedBySms: meaning.replacedBySms,
        lastError: null,
        lastErrorCode: null,
      };
      outcome = 'completed';
      break;
    case 'pending':
      set = ids;
      outcome = 'pending';
      break;
    case 'permanent':
      set = { ...ids, sendState: SendState.FAIL, lastErrorCode: meaning.code, lastError: meaning.reason };
      outcome = 'failed';
      break;
    case 'transient':
      if (row.attempts >= MAX_SEND_ATTEMPTS) {
        set = {
          ...ids,
          sendState: SendState.FAIL,
          lastErrorCode: meaning.code,
          lastError: `${meaning.reason} · ${row.attempts}번 시도했습니다`,
        };
        outcome = 'failed';
      } else {
        // A new attempt is a new message at the provider: the old ids are dropped.
        set = {
          sendState: SendState.WAITING,
          claimedAt: null,
          providerId: null,
          providerGroupId: null,
          lastErrorCode: meaning.code,
          lastError: meaning.reason,
          nextAttemptAt: new Date(nowMs() + retryDelayMs(row.attempts, RETRY_BASE_MS)),
        };
        outcome = 'retried';
      }
      break;
  }
  const [changed] = await db()
    .update(messages)
    .set({ ...set, updatedAt: at })
    .where(ours(row))
    .returning({ id: messages.id });
  return changed ? outcome : 'lost';
}

/** Marks rows still SENDING as looked at now (with what was learnt), so the reconciler waits before the next look. */
export async function touchSending(rows: Pick<Message, 'id'>[], set: Partial<typeof messages.$inferInsert> = {}) {
  await db()
    .update(messages)
    .set({ ...set, updatedAt: now() })
    .where(
      and(
        inArray(
          messages.id,
          rows.map((r) => r.id),
        ),
        eq(messages.sendState, SendState.SENDING),
      ),
    );
}

export const meaningOf = (m: ProviderMessage) =>
  statusMeaning(m.statusCode, { replacement: m.replacement, providerMessage: m.statusMessage });

export function count(summary: OutboxSummary, outcome: Outcome) {
  if (outcome !== 'lost') summary[outcome] += 1;
}

export type Settlement = {
  row: Pick<Message, 'id' | 'claimedAt' | 'attempts'>;
  meaning: StatusMeaning;
  provider?: { messageId?: string | null; groupId?: string | null };
};

/**
 * Settles many rows: the common outcomes (delivered, still waiting for the carrier) in one guarded UPDATE each, joined
 * to the rows' values; failures one by one. Adds each row's outcome to the summary.
 */
export async function settleMany(items: Settlement[], summary: OutboxSummary) {
  for (const item of items) {
    if (item.meaning.kind !== 'delivered' && item.meaning.kind !== 'pending')
      count(summary, await settle(item.row, item.meaning, item.provider));
  }
  const at = now().toISOString();
  const ids = sql`provider_id = coalesce(v.pid, m.provider_id), provider_group_id = coalesce(v.gid, m.provider_group_id), updated_at = ${at}`;
  summary.completed += await settleJoined(
    items.filter((i) => i.meaning.kind === 'delivered'),
    sql`send_state = ${SendState.COMPLETE}, sent_at = ${at}, replaced_by_sms = v.replaced, last_error = null, last_error_code = null, ${ids}`,
  );
  summary.pending += await settleJoined(
    items.filter((i) => i.meaning.kind === 'pending'),
    ids,
  );
}

/** One guarded UPDATE … FROM (VALUES …) per 500 rows: `set` may use v.pid, v.gid and v.replaced. Returns the rows changed. */
async function settleJoined(list: Settlement[], set: SQL): Promise<number> {
  let changed = 0;
  for (let i = 0; i < list.length; i += 500) {
    const values = sql.join(
      list
        .slice(i, i + 500)
        .map(
          (x) =>
            sql`(${x.row.id}::int, ${x.row.claimedAt?.toISOString() ?? null}::timestamptz, ${x.provider?.messageId ?? null}::text, ${x.provider?.groupId ?? null}::text, ${x.meaning.kind === 'delivered' && x.meaning.replacedBySms}::boolean)`,
        ),
      sql`, `,
    );
    const rows = await executeRows<{ id: number }>(
      db(),
      sql`update ${messages} as m set ${set}
          from (values ${values}) as v(id, claimed_at, pid, gid, replaced)
          where m.id = v.id and m.send_state = ${SendState.SENDING} and m.claimed_at is not distinct from v.claimed_at
          returning m.id`,
    );
    changed += rows.length;
  }
  return changed;
}

/** Reads SENDING rows back from the provider by their message ids and settles those with a result. */
async function rereadByIds(rows: Message[], summary: OutboxSummary, giveUp: boolean) {
  for (let i = 0; i < rows.length; i += 100) {
    const chunk = rows.slice(i, i + 100);
    const read = await messageProvider().lookup({ messageIds: chunk.map((r) => r.providerId!) });
    if (!read.ok) {
      log.warn({ code: read.code }, 'message lookup failed');
      return;
    }
    const found = new Map(read.messages.map((m) => [m.messageId, m]));
    const settled: Settlement[] = [];
    const stillWaiting: Message[] = [];
    for (const row of chunk) {
      const answer = found.get(row.providerId!);
      const meaning = answer ? meaningOf(answer) : null;
      if (meaning && meaning.kind !== 'pending') settled.push({ row, meaning });
      else if (giveUp && row.claimedAt && row.claimedAt.getTime() < nowMs() - GIVE_UP_AFTER_MS)
        settled.push({ row, meaning: { kind: 'permanent', code: 'NO_REPORT', reason: statusReason('NO_REPORT') } });
      else stillWaiting.push(row);
    }
    await settleMany(settled, summary);
    // Still waiting for the carrier: looked at again after RECONCILE_AFTER_MS.
    if (stillWaiting.length) {
      await touchSending(stillWaiting);
      summary.pending += stillWaiting.length;
    }
  }
}

/** The rows left SENDING that meet `conditions` as well. */
const sendingRows = (...conditions: SQL[]) =>
  db()
    .select()
    .from(messages)
    .where(and(eq(messages.sendState, SendState.SENDING), ...conditions));

/**
 * Settles what the provider knows of rows left SENDING: those accepted and unreported for RECONCILE_AFTER_MS (read
 * back by id), and claims left without an answer for STALE_CLAIM_MS (a timeout, a worker killed mid-batch): each is
 * looked up by its recipient since its claim and recognised by the row id and attempt in its custom fields. Found, it
 * is settled as the provider has it; not found, it was never sent and goes back to WAITING.
 */
export async function reconcileMessages(summary: OutboxSummary = emptySummary()): Promise<OutboxSummary> {
  const at = nowMs();
  const accepted = await sendingRows(isNotNull(messages.providerId), lt(messages.updatedAt, new Date(at - RECONCILE_AFTER_MS)))
    .orderBy(messages.updatedAt)
    .limit(RECONCILE_LIMIT);
  await rereadByIds(accepted, summary, true);

  const unanswered = await sendingRows(
    isNull(messages.providerId),
    lt(messages.claimedAt, new Date(at - STALE_CLAIM_MS)),
    lt(messages.updatedAt, new Date(at - STALE_CLAIM_MS)),
  )
    .orderBy(messages.claimedAt)
    .limit(RECONCILE_LIMIT);
  for (const row of unanswered) {
    const since = new Date((row.claimedAt ?? new Date(at)).getTime() - 60_000);
    const read = await messageProvider().lookup({ to: row.phone, since });
    if (!read.ok) {
      log.warn({ code: read.code, id: row.id }, 'message lookup failed');
      await db().update(messages).set({ updatedAt: now() }).where(ours(row));
      continue;
    }
    const mine = read.messages
      .filter((m) => m.outboxId === row.id && (m.attempt === null || m.attempt === row.attempts))
      .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''))[0];
    if (mine) {
      count(summary, await settle(row, meaningOf(mine), { messageId: mine.messageId, groupId: mine.groupId }));
    } else {
      const code = row.lastErrorCode === 'TIMEOUT' || row.lastErrorCode === 'NETWORK' ? row.lastErrorCode : 'INTERRUPTED';
      count(summary, await settle(row, { kind: 'transient', code, reason: statusReason(code) }));
    }
  }
  return summary;
}

/**
 * The provider's delivery report (our webhook): unsigned, so only a hint. The rows it names are read back from the
 * provider by their ids and settled from what the provider says. Returns how many rows it named.
 */
export async function handleDeliveryReport(body: unknown): Promise<number> {
  const hint = messageProvider().parseReport(body);
  if (hint.messageIds.length === 0 && hint.groupIds.length === 0) return 0;
  const named = [];
  if (hint.messageIds.length) named.push(inArray(messages.providerId, hint.messageIds.slice(0, 1000)));
  if (hint.groupIds.length) named.push(inArray(messages.providerGroupId, hint.groupIds.slice(0, 100)));
  const either = named.length === 1 ? named[0] : sql`(${named[0]} or ${named[1]})`;
  const rows = await sendingRows(isNotNull(messages.providerId), either).limit(1000);
  await rereadByIds(rows, emptySummary(), false);
  return rows.length;
}
