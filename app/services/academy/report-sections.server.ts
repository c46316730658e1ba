import { sql } from 'drizzle-orm';
import { db, executeRows } from '~/db/client.server';
import { BookStatus } from '~/domain/enums';
import { areaResultsByMonth } from '../problems/area-months.server';
import { monthRange } from './month-figures.server';

// Two sections of the monthly report (parent-report.server.ts): the five areas of the problem analysis against the
// child's own earlier months, and the books the child has to read next month.

/** How many months before the report's month the areas are compared with. */
export const EARLIER_MONTHS = 3;

export type AreaResult = { code: string; label: string; score: number | null; earlier: number | null; change: number | null };

/**
 * Per area, the month's score (0–100: correct answers over questions of the book analyses marked in the month) and the
 * same over the child's own `EARLIER_MONTHS` months before it: never another child's. From the one by-month reading of
 * the areas (areaResultsByMonth), which the parents' page shows month by month, so both give one figure per month.
 */
export async function areaResults(studentId: number, month: string): Promise<AreaResult[]> {
  const months = await areaResultsByMonth(studentId, month, EARLIER_MONTHS + 1);
  const current = months[months.length - 1];
  const earlier = months.slice(0, -1);
  return current.areas.map((area, i) => {
    const correct = earlier.reduce((sum, m) => sum + m.areas[i].correct, 0);
    const total = earlier.reduce((sum, m) => sum + m.areas[i].total, 0);
    const before = total ? Math.round((correct / total) * 100) : null;
    return {
      code: area.category,
      label: area.label,
      score: area.score,
      earlier: before,
      change: area.score !== null && before !== null ? area.score - before : null,
    };
  });
}

export type NextBook = { resultBookId: number; title: string; author: string; dueOn: string | null };

/**
 * The books assigned to the child by the end of the report's month and not finished by then, in the order they are
 * due: what the child reads next month (one query).
 */
export async function nextMonthBooks(studentId: number, month: string): Promise<NextBook[]> {
  const r = monthRange(month);
  const rows = await executeRows<{ resultBookId: number; title: string; author: string; dueOn: string | null }>(
    db(),
    sql`select rb.id as "resultBookId", b.title, b.author, rb.due_on::text as "dueOn"
          from result_books rb join books b on b.id = rb.book_id
         where rb.user_id = ${studentId} and rb.status <> ${BookStatus.EXCLUDE}
           and rb.assigned_at < ${r.to.toISOString()}::timestamptz
           and (rb.completed_at is null or rb.completed_at >= ${r.to.toISOString()}::timestamptz)
         order by rb.due_on nulls last, rb.assigned_at, rb.id limit 8`,
  );
  return rows.map((b) => ({ ...b, resultBookId: Number(b.resultBookId) }));
}
