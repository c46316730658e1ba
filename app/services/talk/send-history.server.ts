import { and, asc, count, desc, eq, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db } from '~/db/client.server';
import { messages, organisations, talkSends, talkTemplates, users } from '~/db/schema';
import { SendState } from '~/domain/enums';
import { RECIPIENT_FAILURE_CODES, TALK_MESSAGES as M, recipientRole, retryableFailure } from '~/domain/talk';
import { now } from '~/lib/clock.server';
import { onePage } from '../paged-list.server';
import { sendableTemplates } from './templates.server';
import { invalid, isOperator, SENDS_PAGE_SIZE, type TalkSender } from './sends.server';

// The history of /talk's sends (issue 13): the sends a sender may see with their rows per state, one send with its
// recipients, and '실패한 메시지 다시 보내기'. Composing and sending is sends.server.ts.

/** The sends a sender may see: operators all, a head the academy's, a teacher their own. */
function visibleSends(sender: TalkSender): SQL | undefined {
  if (isOperator(sender)) return undefined;
  if (!sender.organisationId) return sql`false`;
  if (sender.authorities.includes('HEAD')) return eq(talkSends.organisationId, sender.organisationId);
  return and(eq(talkSends.organisationId, sender.organisationId), eq(talkSends.senderId, sender.id));
}

export type StateCounts = Record<SendState, number>;
const noCounts = (): StateCounts => ({ [SendState.WAITING]: 0, [SendState.SENDING]: 0, [SendState.FAIL]: 0, [SendState.COMPLETE]: 0 });

/** Rows per state of each send (one grouped query). */
async function countsOf(sendIds: number[]) {
  const counts = new Map<number, StateCounts>(sendIds.map((id) => [id, noCounts()]));
  if (sendIds.length === 0) return counts;
  const rows = await db()
    .select({ sendId: messages.sendId, state: messages.sendState, n: count() })
    .from(messages)
    .where(inArray(messages.sendId, sendIds))
    .groupBy(messages.sendId, messages.sendState);
  for (const r of rows) counts.get(r.sendId!)![r.state] = Number(r.n);
  return counts;
}

const sender = alias(users, 'sender');

/** Sends with their template, sender and academy, as the history and a send's page show them. */
const sendsWithNames = () =>
  db()
    .select({
      id: talkSends.id,
      createdAt: talkSends.createdAt,
      audience: talkSends.audience,
      recipientCount: talkSends.recipientCount,
      templateId: talkSends.templateId,
      templateName: talkTemplates.name,
      senderName: sender.name,
      academyName: organisations.name,
    })
    .from(talkSends)
    .innerJoin(talkTemplates, eq(talkTemplates.id, talkSends.templateId))
    .innerJoin(sender, eq(sender.id, talkSends.senderId))
    .leftJoin(organisations, eq(organisations.id, talkSends.organisationId));

/** The history of sends, newest first, with the rows per state. Three queries whatever the page. */
export async function listSends(viewer: TalkSender, page: number) {
  const where = visibleSends(viewer);
  const { rows, ...paging } = await onePage(
    page,
    SENDS_PAGE_SIZE,
    sendsWithNames().where(where).orderBy(desc(talkSends.id)),
    db().select({ total: count() }).from(talkSends).where(where),
  );
  const counts = await countsOf(rows.map((r) => r.id));
  return { rows: rows.map((r) => ({ ...r, counts: counts.get(r.id)! })), ...paging };
}

/** One send with its recipients (state, reason, attempts), or a 404 outside what the viewer may see. */
export async function getSend(viewer: TalkSender, sendId: number) {
  const visible = visibleSends(viewer);
  const [send] = await sendsWithNames().where(visible ? and(eq(talkSends.id, sendId), visible) : eq(talkSends.id, sendId));
  if (!send) throw invalid('TALK_SEND_NOT_FOUND', M.sendNotFound, 404);
  const rows = await db()
    .select({
      id: messages.id,
      phone: messages.phone,
      body: messages.body,
      sendState: messages.sendState,
      attempts: messages.attempts,
      lastError: messages.lastError,
      lastErrorCode: messages.lastErrorCode,
      replacedBySms: messages.replacedBySms,
      sentAt: messages.sentAt,
      nextAttemptAt: messages.nextAttemptAt,
      dedupeKey: messages.dedupeKey,
      studentName: users.name,
      studentLoginId: users.loginId,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.recipientUserId))
    .where(eq(messages.sendId, sendId))
    .orderBy(asc(users.name), asc(messages.id));
  const counts = noCounts();
  for (const r of rows) counts[r.sendState] += 1;
  const recipients = rows.map(({ dedupeKey, ...r }) => ({ ...r, role: recipientRole(dedupeKey) }));
  const retryable = recipients.filter((r) => r.sendState === SendState.FAIL && retryableFailure(r.lastErrorCode)).length;
  return { send, counts, recipients, retryable, failed: counts[SendState.FAIL] };
}

/**
 * '실패한 메시지 다시 보내기': the send's FAIL rows go back to WAITING with their attempts reset (a fresh run of
 * retries), except failures of the number itself. The template must still be approved and active. A guarded update,
 * so a double click queues them once.
 */
export async function retryFailed(viewer: TalkSender, sendId: number) {
  const { send } = await getSend(viewer, sendId);
  if (!(await sendableTemplates()).some((t) => t.id === send.templateId)) throw invalid('TALK_TEMPLATE', M.templateNotSendable, 409);
  const retried = await db()
    .update(messages)
    .set({
      sendState: SendState.WAITING,
      attempts: 0,
      nextAttemptAt: now(),
      claimedAt: null,
      providerId: null,
      providerGroupId: null,
      updatedAt: now(),
    })
    .where(
      and(
        eq(messages.sendId, sendId),
        eq(messages.sendState, SendState.FAIL),
        or(isNull(messages.lastErrorCode), notInArray(messages.lastErrorCode, RECIPIENT_FAILURE_CODES)),
      ),
    )
    .returning({ id: messages.id });
  if (retried.length === 0) throw invalid('TALK_NOTHING_TO_RETRY', M.nothingToRetry, 409);
  return retried.length;
}
