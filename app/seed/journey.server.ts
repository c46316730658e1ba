import { assignTime } from './times';
import { asc, eq, inArray } from 'drizzle-orm';
import { BookStatus, ReadMethod } from '~/domain/enums';
import { books, resultBooks, users } from '~/db/schema';
import type { Tx } from '~/db/client.server';

type Plan = { status: BookStatus; readMethod: ReadMethod; current?: boolean; daysAgo: number };

const S = BookStatus;
const M = ReadMethod;

/**
 * Books assigned to each demo student, with every status present for `student` and `student2` (two DIAGNOSIS and
 * two NOTE books each, so flows that use one up can be shown twice). Reading records, analyses and notes for these
 * books are written by the later seed steps.
 */
export const JOURNEY_PLANS: Record<string, Plan[]> = {
  student: [
    { status: S.COMPLETE, readMethod: M.FREE, daysAgo: 120 },
    { status: S.COMPLETE, readMethod: M.M_3_4, daysAgo: 95 },
    { status: S.COMPLETE, readMethod: M.HUNDRED, daysAgo: 70 },
    { status: S.COMPLETE, readMethod: M.FREE, daysAgo: 45 },
    { status: S.NOTE, readMethod: M.FREE, daysAgo: 30 },
    { status: S.NOTE, readMethod: M.M_3_3, daysAgo: 26 },
    { status: S.DIAGNOSIS, readMethod: M.FREE, daysAgo: 20 },
    { status: S.DIAGNOSIS, readMethod: M.HUNDRED, daysAgo: 16 },
    { status: S.ACTIVITY, readMethod: M.FREE, current: true, daysAgo: 10 },
    { status: S.PRE_ACTIVITY_COMPLETE, readMethod: M.M_3_4, daysAgo: 5 },
    { status: S.WAITING, readMethod: M.CLOCK, daysAgo: 3 },
    { status: S.WAITING, readMethod: M.NO_PAGE, daysAgo: 2 },
    { status: S.EXCLUDE, readMethod: M.FREE, daysAgo: 60 },
  ],
  student2: [
    { status: S.COMPLETE, readMethod: M.FREE, daysAgo: 110 },
    { status: S.COMPLETE, readMethod: M.M_3_5, daysAgo: 80 },
    { status: S.COMPLETE, readMethod: M.CLOCK, daysAgo: 50 },
    { status: S.NOTE, readMethod: M.FREE, daysAgo: 28 },
    { status: S.NOTE, readMethod: M.FREE, daysAgo: 24 },
    { status: S.DIAGNOSIS, readMethod: M.M_3_3, daysAgo: 18 },
    { status: S.DIAGNOSIS, readMethod: M.FREE, daysAgo: 14 },
    { status: S.ACTIVITY, readMethod: M.CLOCK, current: true, daysAgo: 8 },
    { status: S.PRE_ACTIVITY_COMPLETE, readMethod: M.HUNDRED, daysAgo: 4 },
    { status: S.WAITING, readMethod: M.M_3_6, daysAgo: 2 },
    { status: S.WAITING, readMethod: M.NONE, daysAgo: 1 },
    { status: S.EXCLUDE, readMethod: M.FREE, daysAgo: 40 },
  ],
  student3: [
    { status: S.COMPLETE, readMethod: M.FREE, daysAgo: 60 },
    { status: S.ACTIVITY, readMethod: M.M_3_3, current: true, daysAgo: 12 },
    { status: S.WAITING, readMethod: M.FREE, daysAgo: 3 },
  ],
  student4: [
    { status: S.COMPLETE, readMethod: M.HUNDRED, daysAgo: 75 },
    { status: S.DIAGNOSIS, readMethod: M.FREE, daysAgo: 15 },
    { status: S.ACTIVITY, readMethod: M.NO_PAGE, current: true, daysAgo: 6 },
  ],
  student5: [
    { status: S.COMPLETE, readMethod: M.FREE, daysAgo: 50 },
    { status: S.NOTE, readMethod: M.FREE, daysAgo: 20 },
    { status: S.ACTIVITY, readMethod: M.HUNDRED, current: true, daysAgo: 7 },
  ],
  student6: [
    { status: S.COMPLETE, readMethod: M.FREE, daysAgo: 40 },
    { status: S.ACTIVITY, readMethod: M.FREE, current: true, daysAgo: 9 },
  ],
  student7: [
    { status: S.COMPLETE, readMethod: M.M_3_4, daysAgo: 65 },
    { status: S.NOTE, readMethod: M.FREE, daysAgo: 19 },
    { status: S.ACTIVITY, readMethod: M.FREE, current: true, daysAgo: 5 },
  ],
  student8: [{ status: S.ACTIVITY, readMethod: M.CLOCK, current: true, daysAgo: 11 }],
  student9: [
    { status: S.COMPLETE, readMethod: M.FREE, daysAgo: 90 },
    { status: S.WAITING, readMethod: M.FREE, daysAgo: 2 },
  ],
};

const DAY = 24 * 60 * 60 * 1000;

export async function seedJourney(tx: Tx) {
  const students = await tx
    .select({ id: users.id, loginId: users.loginId, level: users.level, organisationId: users.organisationId })
    .from(users)
    .where(inArray(users.loginId, Object.keys(JOURNEY_PLANS)));
  const teachers = await tx.select({ id: users.id, organisationId: users.organisationId }).from(users).where(eq(users.role, 'ADMIN'));
  const catalogue = await tx.select({ id: books.id, level: books.level }).from(books).orderBy(asc(books.id));
  const base = Date.now();

  for (const student of students) {
    const teacher = teachers.find((t) => t.organisationId === student.organisationId);
    // Books nearest the student's level first, each book once per student.
    const level = student.level ?? 5;
    const pool = [...catalogue].sort((a, b) => Math.abs(a.level - level) - Math.abs(b.level - level) || a.id - b.id);
    const offset = student.id % 3; // students of the same level get different books
    const plans = JOURNEY_PLANS[student.loginId];
    await tx.insert(resultBooks).values(
      plans.map((plan, i) => {
        const assignedAt = assignTime(base - plan.daysAgo * DAY, student.id * 31 + i, base);
        return {
          userId: student.id,
          bookId: pool[(i + offset) % pool.length].id,
          status: plan.status,
          readMethod: plan.readMethod,
          assignedBy: teacher?.id ?? null,
          assignedAt,
          isCurrent: Boolean(plan.current),
          statusChangedAt: new Date(assignedAt.getTime() + 2 * DAY),
          completedAt: plan.status === S.COMPLETE ? new Date(assignedAt.getTime() + 12 * DAY) : null,
        };
      }),
    );
  }
}
