import { sql, type SQL } from 'drizzle-orm';
import { db, executeRows } from '~/db/client.server';
import { BookStatus, NoteState } from '~/domain/enums';
import { addMonths, seoulDayStart } from '~/lib/dates';
import { sessionsOfUsers } from '~/services/reports.server';

// A student's figures for one Seoul month, the one function every screen that shows them calls: the monthly report
// (a student's and a class's), the class goal's progress on the student's dashboard and the attainment per class.
// The reading comes from the same sessions as the student's own dashboard (reports.server.ts `sessionsOfUsers`).

/** The instants the Seoul month begins and ends (the next month's start), and its first and next days. */
export function monthRange(month: string) {
  return {
    from: seoulDayStart(`${month}-01`)!,
    to: seoulDayStart(`${addMonths(month, 1)}-01`)!,
    firstDay: `${month}-01`,
    nextDay: `${addMonths(month, 1)}-01`,
  };
}

export type MonthFigures = {
  daysRead: number;
  minutes: number;
  pages: number;
  booksCompleted: number;
  analyses: number;
  averageScore: number | null;
  notes: number;
};

type FigureRow = {
  id: number;
  days: number;
  minutes: number;
  pages: number;
  completed: number;
  analyses: number;
  average: number | null;
  notes: number;
};

const toFigures = (row: FigureRow | undefined): MonthFigures => ({
  daysRead: Number(row?.days ?? 0),
  minutes: Number(row?.minutes ?? 0),
  pages: Number(row?.pages ?? 0),
  booksCompleted: Number(row?.completed ?? 0),
  analyses: Number(row?.analyses ?? 0),
  averageScore: row?.average == null ? null : Number(row.average),
  notes: Number(row?.notes ?? 0),
});

/** The month's figures of each student `userIds` selects (a subquery or a list of ids), by id (one query). */
export async function monthFigures(userIds: SQL, month: string): Promise<Map<number, MonthFigures>> {
  const r = monthRange(month);
  const from = r.from.toISOString();
  const to = r.to.toISOString();
  const rows = await executeRows<FigureRow>(
    db(),
    sql`select u.id,
          coalesce(s.days, 0)::int as days, coalesce(s.minutes, 0)::int as minutes, coalesce(s.pages, 0)::int as pages,
          (select count(*) from result_books rb where rb.user_id = u.id and rb.status = ${BookStatus.COMPLETE}
              and rb.completed_at >= ${from}::timestamptz and rb.completed_at < ${to}::timestamptz)::int as completed,
          a.analyses, a.average,
          (select count(*) from notes n where n.user_id = u.id and n.state <> ${NoteState.NONE}
              and n.submitted_at >= ${from}::timestamptz and n.submitted_at < ${to}::timestamptz)::int as notes
        from users u
        left join (select x.user_id, count(distinct x.day)::int as days, sum(x.minutes)::int as minutes, sum(x.pages)::int as pages
                     from ${sessionsOfUsers(userIds)} x
                    where x.day >= ${r.firstDay}::date and x.day < ${r.nextDay}::date group by x.user_id) s on s.user_id = u.id
        left join lateral (select count(*)::int as analyses, round(avg(pa.score))::int as average from problem_attempts pa
                     where pa.user_id = u.id and pa.result_book_id is not null and pa.score is not null
                       and pa.marked_at >= ${from}::timestamptz and pa.marked_at < ${to}::timestamptz) a on true
       where u.id in (${userIds})`,
  );
  return new Map(rows.map((row) => [Number(row.id), toFigures(row)]));
}

/** One student's figures for the month (zeros when they did nothing). */
export async function studentMonthFigures(userId: number, month: string): Promise<MonthFigures> {
  return (await monthFigures(sql`${userId}`, month)).get(userId) ?? toFigures(undefined);
}

export const noFigures = (): MonthFigures => toFigures(undefined);
