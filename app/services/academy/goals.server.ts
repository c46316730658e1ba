import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { db, executeRows } from '~/db/client.server';
import { classGoals } from '~/db/schema';
import { BookStatus } from '~/domain/enums';
import { GOAL_LIMITS, goalProgress, milestonesOf, type GoalTargets } from '~/domain/goals';
import { now } from '~/lib/clock.server';
import { seoulMonth } from '~/lib/dates';
import { DomainError } from '~/lib/errors';
import { sessionsOfUsers } from '~/services/reports.server';
import { monthFigures, monthRange, studentMonthFigures, type MonthFigures } from './month-figures.server';
import { classInScope, type AcademyStaff } from './scope.server';

// A class's monthly goal (issue 32; docs/decisions/041): a teacher of the class or the head sets it on the class's
// page; each student sees only their own progress toward it, the staff see how many students reached it. The
// figures are the monthly report's (month-figures.server.ts), so the dashboard, the goal and the report agree.

export const GOAL_MESSAGES = {
  closed: '종료된 반에는 목표를 정할 수 없습니다.',
  empty: '완독한 책, 독서 시간, 읽은 날 중 하나 이상의 목표를 입력해 주세요.',
  outOfRange: (label: string, max: number, unit: string) => `${label} 목표는 1${unit}부터 ${max}${unit}까지 입력해 주세요.`,
  saved: '이번 달 반 목표를 저장했습니다.',
  cleared: '이번 달 반 목표를 지웠습니다.',
} as const;

/** A target as typed: empty is no target; anything else a whole number in range. */
const targetField = (label: string, max: number, unit: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v == null ? null : Number(v)),
    z
      .number({ invalid_type_error: GOAL_MESSAGES.outOfRange(label, max, unit) })
      .int(GOAL_MESSAGES.outOfRange(label, max, unit))
      .min(1, GOAL_MESSAGES.outOfRange(label, max, unit))
      .max(max, GOAL_MESSAGES.outOfRange(label, max, unit))
      .nullable(),
  );

/** The goal form's fields (server only; the class page's schema adds them under the intent 'goal'). */
export const goalFields = {
  books: targetField('완독한 책', GOAL_LIMITS.books, '권'),
  minutes: targetField('독서 시간', GOAL_LIMITS.minutes, '분'),
  days: targetField('읽은 날', GOAL_LIMITS.days, '일'),
};

export const GOAL_FIELDS = { GOAL_EMPTY: 'books' } as const;

/** The class's goal for the month, or null. */
export async function classGoal(classId: number, month: string): Promise<GoalTargets | null> {
  const [row] = await db()
    .select({ books: classGoals.books, minutes: classGoals.minutes, days: classGoals.days })
    .from(classGoals)
    .where(and(eq(classGoals.classId, classId), eq(classGoals.month, month)));
  return row ?? null;
}

/** Sets (or replaces) this Seoul month's goal of a class the staff member may see; at least one target. */
export async function setClassGoal(staff: AcademyStaff, classId: number, targets: GoalTargets) {
  const klass = await classInScope(staff, classId);
  if (klass.status !== 'OPEN') throw new DomainError('CLASS_CLOSED', GOAL_MESSAGES.closed, 409);
  if (targets.books == null && targets.minutes == null && targets.days == null)
    throw new DomainError('GOAL_EMPTY', GOAL_MESSAGES.empty, 400);
  const month = seoulMonth(now());
  const values = { books: targets.books, minutes: targets.minutes, days: targets.days, setBy: staff.id, updatedAt: now() };
  await db()
    .insert(classGoals)
    .values({ classId: klass.id, month, ...values })
    .onConflictDoUpdate({ target: [classGoals.classId, classGoals.month], set: values });
  return { month, ...targets };
}

/** Removes this month's goal of the class. */
export async function clearClassGoal(staff: AcademyStaff, classId: number) {
  const klass = await classInScope(staff, classId);
  await db()
    .delete(classGoals)
    .where(and(eq(classGoals.classId, klass.id), eq(classGoals.month, seoulMonth(now()))));
}

/** The students who were in the class at some time during the month (the class report's rows). */
export const classMembersOfMonth = (classId: number, month: string) => {
  const r = monthRange(month);
  return sql`select cm.user_id from class_memberships cm where cm.class_id = ${classId}
    and cm.joined_at < ${r.to.toISOString()}::timestamptz and (cm.left_at is null or cm.left_at >= ${r.from.toISOString()}::timestamptz)`;
};

export type Attainment = { goal: GoalTargets; students: number; reached: number };

/**
 * How many of each class's students reached its goal in the month (classes without a goal are absent): a count,
 * never a list of who did not. Two queries whatever the number of classes (one when none has a goal).
 */
export async function classAttainment(classIds: number[], month: string): Promise<Map<number, Attainment>> {
  const result = new Map<number, Attainment>();
  if (!classIds.length) return result;
  const r = monthRange(month);
  const rows = await executeRows<{
    classId: number;
    books: number | null;
    minutes: number | null;
    days: number | null;
    userId: number | null;
  }>(
    db(),
    sql`select g.class_id as "classId", g.books, g.minutes, g.days, cm.user_id as "userId"
          from class_goals g
          left join class_memberships cm on cm.class_id = g.class_id and cm.joined_at < ${r.to.toISOString()}::timestamptz
               and (cm.left_at is null or cm.left_at >= ${r.from.toISOString()}::timestamptz)
         where g.month = ${month} and g.class_id in (${sql.join(
           classIds.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  if (!rows.length) return result;
  const userIds = [...new Set(rows.flatMap((row) => (row.userId == null ? [] : [Number(row.userId)])))];
  const figures = userIds.length
    ? await monthFigures(
        sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        ),
        month,
      )
    : new Map<number, MonthFigures>();
  const counted = new Set<string>();
  for (const row of rows) {
    const classId = Number(row.classId);
    const goal = { books: row.books, minutes: row.minutes, days: row.days };
    const entry = result.get(classId) ?? { goal, students: 0, reached: 0 };
    const seen = row.userId == null ? null : figures.get(Number(row.userId));
    // A student who left and came back within the month counts once.
    if (row.userId != null && !counted.has(`${classId}:${row.userId}`)) {
      counted.add(`${classId}:${row.userId}`);
      entry.students += 1;
      if (seen && goalProgress(goal, seen).reached) entry.reached += 1;
    }
    result.set(classId, entry);
  }
  return result;
}

/** The student's own progress toward their class's goal this month (their current class), or null without one. */
export async function studentGoal(userId: number) {
  const month = seoulMonth(now());
  const [klass] = await executeRows<{ id: number; name: string }>(
    db(),
    sql`select c.id, c.name from class_memberships cm join classes c on c.id = cm.class_id
         where cm.user_id = ${userId} and cm.left_at is null and c.status = 'OPEN' limit 1`,
  );
  if (!klass) return null;
  const goal = await classGoal(Number(klass.id), month);
  if (!goal) return null;
  const figures = await studentMonthFigures(userId, month);
  return { month, className: klass.name, goal, ...goalProgress(goal, figures) };
}

/** The student's personal milestones: first book, 10 books, a 30-day streak (two queries). */
export async function studentMilestones(userId: number) {
  const [[completed], days] = await Promise.all([
    executeRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from result_books where user_id = ${userId} and status = ${BookStatus.COMPLETE}`,
    ),
    executeRows<{ day: string }>(db(), sql`select distinct s.day::text as day from ${sessionsOfUsers(sql`${userId}`)} s`),
  ]);
  return milestonesOf(
    Number(completed?.n ?? 0),
    days.map((d) => d.day),
  );
}
