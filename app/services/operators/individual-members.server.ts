import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { academyJoinRequests, organisations, users } from '~/db/schema';
import { now } from '~/lib/clock.server';
import { seoulMonth } from '~/lib/dates';
import { onePage, searchIn } from '../paged-list.server';
import { payerMonths } from './organisation-bills.server';

// Individual memberships (organisation kind `student`): every member starts in an organisation of their own when they
// register (decision 018) and pays the personal plan for it; a student whose academy approves their request moves into
// the academy. Operators list them here with this month's payment and a pending academy request, if any.

export const INDIVIDUALS_PAGE_SIZE = 20;

export type IndividualFilters = { q?: string; kind?: 'student' | 'adult' };

/** A page of individual members, newest first, with this Seoul month's personal bill. A fixed number of queries. */
export async function listIndividualMembers(filters: IndividualFilters, page: number, at: Date = now()) {
  const where: SQL[] = [eq(organisations.kind, 'student'), eq(users.role, 'USER')];
  if (filters.q) where.push(searchIn(filters.q, users.name, users.loginId, users.phone)!);
  if (filters.kind === 'student') where.push(sql`'STUDENT' = any(${users.authorities})`);
  if (filters.kind === 'adult') where.push(sql`not ('STUDENT' = any(${users.authorities}))`);
  const condition = and(...where);
  const { rows, ...paging } = await onePage(
    page,
    INDIVIDUALS_PAGE_SIZE,
    db()
      .select({
        id: users.id,
        loginId: users.loginId,
        name: users.name,
        authorities: users.authorities,
        status: users.status,
        createdAt: users.createdAt,
        organisationId: organisations.id,
        organisationName: organisations.name,
      })
      .from(users)
      .innerJoin(organisations, eq(organisations.id, users.organisationId))
      .where(condition)
      .orderBy(desc(users.createdAt), desc(users.id)),
    db().select({ total: count() }).from(users).innerJoin(organisations, eq(organisations.id, users.organisationId)).where(condition),
    { estimate: true },
  );
  const ids = rows.map((r) => r.id);
  const [months, requests] = await Promise.all([
    // An individual's bill does not depend on a head count: their own BASIC.
    payerMonths(
      'personal',
      rows.map((r) => ({ id: r.organisationId, status: 'ACTIVE' as const, activeStudents: 1 })),
      seoulMonth(at),
    ),
    ids.length
      ? db()
          .select({ userId: academyJoinRequests.userId, academyName: organisations.name })
          .from(academyJoinRequests)
          .innerJoin(organisations, eq(organisations.id, academyJoinRequests.academyId))
          .where(and(inArray(academyJoinRequests.userId, ids), eq(academyJoinRequests.status, 'PENDING')))
      : Promise.resolve([]),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      isStudent: r.authorities.includes('STUDENT'),
      month: months.get(r.organisationId)!,
      pendingAcademy: requests.find((q) => q.userId === r.id)?.academyName ?? null,
    })),
    ...paging,
  };
}
