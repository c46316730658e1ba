import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db } from '~/db/client.server';
import { inquiries, organisations, users } from '~/db/schema';
import { InquiryStatus } from '~/domain/enums';
import {
  INQUIRY_LIMITS,
  INQUIRY_MESSAGES,
  INQUIRY_NOTICE,
  INQUIRY_QUEUE_PAGE_SIZE,
  OPEN_INQUIRY_STATUSES,
  type InquiryCategory,
} from '~/domain/inquiries';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { addInboxItems } from '../inbox.server';
import { inquiryListColumns } from '../inquiries.server';
import { enqueueMessage } from '../messages.server';
import { recordAudit, statusChange } from './audit.server';
import type { Operator } from './users.server';
import { pageCount } from '../paged-list.server';

// The operators' side of 1:1 inquiries (ADMIN1, ADMIN2): the queue, one inquiry with its asker, 확인 (WAIT → CHECK)
// and the answer (→ COMPLETE). Each change is a guarded UPDATE on the status, audited in its own transaction; the
// answer adds the asker's INQUIRY inbox item (and a text message to a phone on file) in that same transaction.

/** 'OPEN': waiting or being checked (the default view); a status number; or every inquiry. */
export type QueueStatus = 'OPEN' | 'ALL' | InquiryStatus;
export type QueueFilters = { status: QueueStatus; category?: InquiryCategory };

const asker = alias(users, 'asker');
const answerer = alias(users, 'answerer');

const notFound = () => new DomainError('INQUIRY_NOT_FOUND', INQUIRY_MESSAGES.notFound, 404);

function statusCondition(status: QueueStatus): SQL | undefined {
  if (status === 'ALL') return undefined;
  if (status === 'OPEN') return inArray(inquiries.status, OPEN_INQUIRY_STATUSES);
  return eq(inquiries.status, status);
}

/**
 * The queue: open inquiries first, the longest waiting first (WAIT before CHECK), then answered and deleted ones, the
 * newest first; counts per status for the filter. Two queries whatever the page.
 */
export async function listInquiryQueue(filters: QueueFilters, page = 1) {
  const p = Math.max(1, page);
  const byCategory = filters.category ? eq(inquiries.category, filters.category) : undefined;
  const where = and(byCategory, statusCondition(filters.status));
  const [counts, rows] = await Promise.all([
    db().select({ status: inquiries.status, n: count() }).from(inquiries).where(byCategory).groupBy(inquiries.status),
    db()
      .select({
        ...inquiryListColumns,
        askerName: asker.name,
        askerLoginId: asker.loginId,
        askerRole: asker.role,
        askerAuthorities: asker.authorities,
        organisationName: organisations.name,
      })
      .from(inquiries)
      .innerJoin(asker, eq(asker.id, inquiries.userId))
      .leftJoin(organisations, eq(organisations.id, asker.organisationId))
      .where(where)
      .orderBy(
        sql`case ${inquiries.status} when ${InquiryStatus.WAIT} then 0 when ${InquiryStatus.CHECK} then 1 else 2 end`,
        sql`case when ${inArray(inquiries.status, OPEN_INQUIRY_STATUSES)} then ${inquiries.createdAt} end asc nulls last`,
        desc(inquiries.createdAt),
        asc(inquiries.id),
      )
      .limit(INQUIRY_QUEUE_PAGE_SIZE)
      .offset((p - 1) * INQUIRY_QUEUE_PAGE_SIZE),
  ]);
  const byStatus = Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])) as Partial<Record<InquiryStatus, number>>;
  const all = counts.reduce((sum, c) => sum + Number(c.n), 0);
  const open = OPEN_INQUIRY_STATUSES.reduce((sum, s) => sum + (byStatus[s] ?? 0), 0);
  const total = filters.status === 'ALL' ? all : filters.status === 'OPEN' ? open : (byStatus[filters.status] ?? 0);
  return { rows, byStatus, all, open, total, page: p, pages: pageCount(total, INQUIRY_QUEUE_PAGE_SIZE) };
}

/** How many inquiries wait for an operator (the menu's badge; one query on inquiries_status_idx). */
export async function waitingInquiryCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(inquiries).where(eq(inquiries.status, InquiryStatus.WAIT));
  return Number(row.n);
}

/** One inquiry as operators see it (deleted ones too), with the asker and the answering operator. */
export async function inquiryForOperator(id: number) {
  const [row] = await db()
    .select({
      inquiry: inquiries,
      asker: { id: asker.id, name: asker.name, loginId: asker.loginId, role: asker.role, authorities: asker.authorities },
      organisationName: organisations.name,
      answererName: answerer.name,
    })
    .from(inquiries)
    .innerJoin(asker, eq(asker.id, inquiries.userId))
    .leftJoin(organisations, eq(organisations.id, asker.organisationId))
    .leftJoin(answerer, eq(answerer.id, inquiries.answeredBy))
    .where(eq(inquiries.id, id));
  if (!row) throw notFound();
  return row;
}

type Origin = { address: string | null };

/** 확인: WAIT → CHECK with the time, once. A repeat (or an inquiry past WAIT) changes nothing and says so. */
export async function checkInquiry(operator: Operator, id: number, origin: Origin): Promise<{ changed: boolean }> {
  return db().transaction(async (tx) => {
    const at = now();
    const [row] = await tx
      .update(inquiries)
      .set({ status: InquiryStatus.CHECK, checkedAt: at, updatedAt: at })
      .where(and(eq(inquiries.id, id), eq(inquiries.status, InquiryStatus.WAIT)))
      .returning({ id: inquiries.id });
    if (!row) {
      const [exists] = await tx.select({ id: inquiries.id }).from(inquiries).where(eq(inquiries.id, id));
      if (!exists) throw notFound();
      return { changed: false };
    }
    await recordAudit(tx, operator, origin, {
      action: 'inquiry.check',
      targetType: 'inquiry',
      targetId: id,
      ...statusChange(InquiryStatus.WAIT, InquiryStatus.CHECK),
    });
    return { changed: true };
  });
}

/** The asker's page of an inquiry, in the area the asker signs in to. */
const askerLink = (role: string, id: number) => `${role === 'ADMIN' ? '/admin' : '/user'}/inquiry/${id}`;

/**
 * The answer: WAIT | CHECK → COMPLETE with the text, the operator and the time (an answer straight from WAIT records
 * the check at the same time). In the same transaction: the audit event, the asker's INQUIRY inbox item and, when the
 * asker has a phone, a text message queued in the outbox (the worker sends it). The same answer posted again is
 * harmless (`repeated`); another answer to an answered inquiry, or an answer to a deleted one, is refused.
 */
export async function answerInquiry(operator: Operator, id: number, answerText: string, origin: Origin) {
  const answer = answerText.trim();
  if (!answer) throw new DomainError('INQUIRY_ANSWER_REQUIRED', INQUIRY_MESSAGES.answerRequired, 400);
  if (answer.length > INQUIRY_LIMITS.answerMax) throw new DomainError('INQUIRY_ANSWER_TOO_LONG', INQUIRY_MESSAGES.answerTooLong, 400);
  return db().transaction(async (tx) => {
    const at = now();
    const [before] = await tx
      .select({ status: inquiries.status, answer: inquiries.answer, answeredBy: inquiries.answeredBy })
      .from(inquiries)
      .where(eq(inquiries.id, id));
    if (!before) throw notFound();
    const [row] = await tx
      .update(inquiries)
      .set({
        status: InquiryStatus.COMPLETE,
        answer,
        answeredBy: operator.id,
        answeredAt: at,
        checkedAt: sql`coalesce(${inquiries.checkedAt}, ${at})`,
        updatedAt: at,
      })
      .where(and(eq(inquiries.id, id), inArray(inquiries.status, OPEN_INQUIRY_STATUSES)))
      .returning({ id: inquiries.id, userId: inquiries.userId, title: inquiries.title });
    if (!row) {
      if (before.status === InquiryStatus.COMPLETE && before.answer === answer && before.answeredBy === operator.id)
        return { repeated: true };
      if (before.status === InquiryStatus.DELETE) throw new DomainError('INQUIRY_DELETED', INQUIRY_MESSAGES.deletedByAsker, 409);
      throw new DomainError('INQUIRY_ALREADY_ANSWERED', INQUIRY_MESSAGES.alreadyAnswered, 409);
    }
    await recordAudit(tx, operator, origin, {
      action: 'inquiry.answer',
      targetType: 'inquiry',
      targetId: id,
      before: { status: before.status },
      after: { status: InquiryStatus.COMPLETE, answer },
    });
    const [who] = await tx.select({ role: users.role, phone: users.phone }).from(users).where(eq(users.id, row.userId));
    await addInboxItems(
      [
        {
          userId: row.userId,
          kind: 'INQUIRY',
          title: INQUIRY_NOTICE.inboxTitle,
          body: INQUIRY_NOTICE.inboxBody(row.title, answer),
          link: askerLink(who.role, id),
        },
      ],
      tx,
    );
    if (who.phone)
      await enqueueMessage(
        { recipientUserId: row.userId, phone: who.phone, channel: 'SMS', kind: 'INQUIRY_ANSWERED', body: INQUIRY_NOTICE.sms(row.title) },
        tx,
      );
    return { repeated: false };
  });
}
