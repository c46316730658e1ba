import { sql } from 'drizzle-orm';
import { db, executeRows } from '~/db/client.server';
import { BookStatus } from '~/domain/enums';
import { PROBLEM_CATEGORIES } from '~/domain/problems';
import { addMonths } from '~/lib/dates';
import { monthRange } from './month-figures.server';

// Two sections of the monthly report (parent-report.server.ts): the five areas of the problem analysis against the
// child's own earlier months, and the books the child has to read next month.

/** How many months before the report's month the areas are compared with. */
export const EARLIER_MONTHS = 3;

export type AreaResult = { code: string; label: string; score: number | null; earlier: number | null; change: number | null };

/**
 * The average score (0–100) per area of the book analyses marked in the month, and over the child's own
 * `EARLIER_MONTHS` months before it: never another child's (one query).
 */
export async function areaResults(studentId: number, month: string): Promise<AreaResult[]> {
  const r = monthRange(month);
  const earlierFrom = monthRange(addMonths(month, -EARLIER_MONTHS)).from;
  const rows = await executeRows<{ category: string; now: number | null; earlier: number | null }>(
    db(),
    sql`select pcr.category,
               round(avg(pcr.score) filter (where pa.marked_at >= ${r.from.toISOString()}::timestamptz))::int as now,
               round(avg(pcr.score) filter (where pa.marked_at < ${r.from.toISOString()}::timestamptz))::int as earlier
          from problem_category_results pcr join problem_attempts pa on pa.id = pcr.attempt_id
         where pa.user_id = ${studentId} and pa.result_book_id is not null and pa.score is not null
           and pa.marked_at >= ${earlierFrom.toISOString()}::timestamptz and pa.marked_at < ${r.to.toISOString()}::timestamptz
         group by pcr.category`,
  );
  const byCode = new Map(rows.map((row) => [row.category, row]));
  return PROBLEM_CATEGORIES.map((c) => {
    const row = byCode.get(c.code);
    const score = row?.now == null ? null : Number(row.now);
    const earlier = row?.earlier == null ? null : Number(row.earlier);
    return { code: c.code, label: c.label, score, earlier, change: score !== null && earlier !== null ? score - earlier : null };
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
