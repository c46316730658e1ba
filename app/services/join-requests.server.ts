import { and, asc, desc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { academyJoinRequests, organisations, users } from '~/db/schema';
import type { Authority } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';

// A student who registers with an academy code asks to join that academy (decision 018). Until the academy's head
// approves, the student is an individual member; approval moves them into the academy, a decline leaves them as they
// are. One pending request per student (a unique index).

export const JOIN_MESSAGES = {
  headOnly: '학원장만 가입 신청을 처리할 수 있습니다.',
  notFound: '이미 처리되었거나 찾을 수 없는 가입 신청입니다.',
  academyClosed: '이용이 해지된 학원이라 가입 신청을 승인할 수 없습니다. 고객센터로 문의해 주세요.',
} as const;

export type JoinDecision = 'APPROVED' | 'DECLINED';

type Actor = { id: number; organisationId: number | null; authorities: Authority[] };

/** The academy's pending requests, oldest first. */
export async function listJoinRequests(academyId: number) {
  return db()
    .select({
      id: academyJoinRequests.id,
      requestedAt: academyJoinRequests.requestedAt,
      userId: users.id,
      name: users.name,
      loginId: users.loginId,
      grade: users.grade,
      status: users.status,
    })
    .from(academyJoinRequests)
    .innerJoin(users, eq(users.id, academyJoinRequests.userId))
    .where(and(eq(academyJoinRequests.academyId, academyId), eq(academyJoinRequests.status, 'PENDING')))
    .orderBy(asc(academyJoinRequests.requestedAt), asc(academyJoinRequests.id));
}

/**
 * The head approves or declines a request of their own academy. Approving moves the student into the academy in the
 * same transaction. Deciding again the way it was decided changes nothing (a double submit); any other request (another
 * academy's, or one decided the other way) is JOIN_REQUEST_NOT_FOUND.
 */
export async function decideJoinRequest(actor: Actor, requestId: number, decision: JoinDecision) {
  if (!actor.authorities.includes('HEAD') || !actor.organisationId) {
    throw new DomainError('FORBIDDEN', JOIN_MESSAGES.headOnly, 403);
  }
  const academyId = actor.organisationId;
  return db().transaction(async (tx) => {
    const [request] = await tx
      .select({ id: academyJoinRequests.id, userId: academyJoinRequests.userId, status: academyJoinRequests.status, name: users.name })
      .from(academyJoinRequests)
      .innerJoin(users, eq(users.id, academyJoinRequests.userId))
      .where(and(eq(academyJoinRequests.id, requestId), eq(academyJoinRequests.academyId, academyId)))
      .for('update');
    if (!request || (request.status !== 'PENDING' && request.status !== decision)) {
      throw new DomainError('JOIN_REQUEST_NOT_FOUND', JOIN_MESSAGES.notFound, 404);
    }
    if (request.status === 'PENDING' && decision === 'APPROVED') {
      // A closed (해지) academy takes no new students: a request made before it closed can only be declined.
      const [academy] = await tx.select({ status: organisations.status }).from(organisations).where(eq(organisations.id, academyId));
      if (academy?.status === 'CLOSED') throw new DomainError('ACADEMY_CLOSED', JOIN_MESSAGES.academyClosed, 409);
    }
    if (request.status === 'PENDING') {
      await tx
        .update(academyJoinRequests)
        .set({ status: decision, decidedAt: now(), decidedBy: actor.id })
        .where(eq(academyJoinRequests.id, request.id));
      if (decision === 'APPROVED') {
        await tx.update(users).set({ organisationId: academyId, updatedAt: now() }).where(eq(users.id, request.userId));
      }
    }
    return { name: request.name, decision };
  });
}

/** The student's latest request and its academy, for their own pages; null when they never asked. */
export async function latestJoinRequest(userId: number) {
  const [row] = await db()
    .select({ status: academyJoinRequests.status, academyName: organisations.name, requestedAt: academyJoinRequests.requestedAt })
    .from(academyJoinRequests)
    .innerJoin(organisations, eq(organisations.id, academyJoinRequests.academyId))
    .where(eq(academyJoinRequests.userId, userId))
    .orderBy(desc(academyJoinRequests.id))
    .limit(1);
  return row ?? null;
}
