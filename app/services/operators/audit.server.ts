import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db, type Tx } from '~/db/client.server';
import { auditEvents, users } from '~/db/schema';
import { onePage } from '../paged-list.server';

// The operators' audit trail (issue: operators' console). Every operator change calls `recordAudit` inside the
// transaction of the change itself, so a change without its trail (or a trail without its change) cannot happen.

/** An operator's act as the trail keeps it: what was done, to what, and the change (before and after) when it has one. */
export type AuditEntry = {
  action: string;
  targetType:
    | 'user'
    | 'organisation'
    | 'agency'
    | 'book'
    | 'problem_set'
    | 'content'
    | 'note'
    | 'payment'
    | 'price'
    | 'inquiry'
    | 'notice'
    | 'talk_template';
  targetId: number | null;
  before?: unknown;
  after?: unknown;
};

/** Writes the `actor`'s act to the trail with the address of its request (`origin`), in the act's own transaction. */
export async function recordAudit(tx: Tx, actor: { id: number }, origin: { address: string | null }, entry: AuditEntry) {
  await tx.insert(auditEvents).values({
    actorId: actor.id,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    address: origin.address,
  });
}

/** The before and after of a status change (`from` → `to`), as the trail keeps them. */
export const statusChange = <Status>(from: Status, to: Status) => ({ before: { status: from }, after: { status: to } });

export const AUDIT_PAGE_SIZE = 30;

export type AuditFilters = { action?: string; actorLoginId?: string; targetId?: number; from?: Date; to?: Date };

/** ADMIN1's view of the trail, newest first, with the actor's and the target user's names. Two queries per page. */
export async function listAudit(filters: AuditFilters, page: number) {
  const actor = alias(users, 'actor');
  const target = alias(users, 'target');
  const where: SQL[] = [];
  if (filters.action) where.push(eq(auditEvents.action, filters.action));
  if (filters.actorLoginId) where.push(eq(actor.loginId, filters.actorLoginId));
  if (filters.targetId) where.push(eq(auditEvents.targetId, filters.targetId));
  if (filters.from) where.push(gte(auditEvents.createdAt, filters.from));
  if (filters.to) where.push(lt(auditEvents.createdAt, filters.to));
  const condition = where.length ? and(...where) : undefined;
  const listed = (where: SQL | undefined) =>
    db()
      .select({
        id: auditEvents.id,
        action: auditEvents.action,
        targetType: auditEvents.targetType,
        targetId: auditEvents.targetId,
        before: auditEvents.before,
        after: auditEvents.after,
        address: auditEvents.address,
        createdAt: auditEvents.createdAt,
        actorName: actor.name,
        actorLoginId: actor.loginId,
        targetName: target.name,
        targetLoginId: target.loginId,
      })
      .from(auditEvents)
      .innerJoin(actor, eq(actor.id, auditEvents.actorId))
      .leftJoin(target, and(eq(auditEvents.targetType, 'user'), eq(target.id, auditEvents.targetId)))
      .where(where)
      .orderBy(desc(auditEvents.id));
  // The page's ids: the actor is joined only to filter by their login id (every event has its actor).
  const ids = filters.actorLoginId
    ? db().select({ id: auditEvents.id }).from(auditEvents).innerJoin(actor, eq(actor.id, auditEvents.actorId))
    : db().select({ id: auditEvents.id }).from(auditEvents);
  return onePage(
    page,
    AUDIT_PAGE_SIZE,
    listed(condition),
    db().select({ total: count() }).from(auditEvents).innerJoin(actor, eq(actor.id, auditEvents.actorId)).where(condition),
    {
      estimate: true,
      // The page's ids first, then their actors and targets: a late page joins 30 rows, not every row skipped.
      pageRows: (limit, offset) =>
        listed(inArray(auditEvents.id, ids.where(condition).orderBy(desc(auditEvents.id)).limit(limit).offset(offset))),
    },
  );
}
