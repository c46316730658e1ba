import { sql } from 'drizzle-orm';
import { db, executeRows } from '~/db/client.server';
import { PROBLEM_CATEGORIES, type ProblemCategory } from '~/domain/problems';
import { addMonths, seoulDayStart } from '~/lib/dates';

// A student's problem analysis results by area (사실적·추론적·비판적·어휘·창의적), per Seoul month: the books' analyses
// marked in the month, each area's correct answers over its questions. Only ever the student's own months side by
// side (no other student's figures): the parent's page uses it, and any report of the child should.

export type AreaResult = { category: ProblemCategory; label: string; correct: number; total: number; score: number | null };
export type AreaMonth = { month: string; areas: AreaResult[] };

/** The `count` months ending with `lastMonth` ('YYYY-MM'), oldest first, every area in each (one query). */
export async function areaResultsByMonth(userId: number, lastMonth: string, count = 6): Promise<AreaMonth[]> {
  const firstMonth = addMonths(lastMonth, -(count - 1));
  const from = seoulDayStart(`${firstMonth}-01`)!.toISOString();
  const to = seoulDayStart(`${addMonths(lastMonth, 1)}-01`)!.toISOString();
  const rows = await executeRows<{ month: string; category: string; correct: number; total: number }>(
    db(),
    sql`select to_char(pa.marked_at at time zone 'Asia/Seoul', 'YYYY-MM') as month, r.category,
               sum(r.correct)::int as correct, sum(r.total)::int as total
          from problem_category_results r join problem_attempts pa on pa.id = r.attempt_id
         where pa.user_id = ${userId} and pa.result_book_id is not null
           and pa.marked_at >= ${from}::timestamptz and pa.marked_at < ${to}::timestamptz
         group by 1, 2`,
  );
  const key = (month: string, category: string) => `${month}|${category}`;
  const byKey = new Map(rows.map((r) => [key(r.month, r.category), r]));
  return Array.from({ length: count }, (_, i) => {
    const month = addMonths(firstMonth, i);
    return {
      month,
      areas: PROBLEM_CATEGORIES.map(({ code, label }) => {
        const row = byKey.get(key(month, code));
        const correct = Number(row?.correct ?? 0);
        const total = Number(row?.total ?? 0);
        return { category: code, label, correct, total, score: total ? Math.round((correct / total) * 100) : null };
      }),
    };
  });
}
