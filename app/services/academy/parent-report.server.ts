import { eq, sql } from 'drizzle-orm';
import { db, executeRows } from '~/db/client.server';
import { organisations } from '~/db/schema';
import { BookStatus, NoteState } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { addMonths, seoulDayStart, seoulMonth } from '~/lib/dates';
import { levelGraph, sessionsOfUsers } from '~/services/reports.server';
import { academyOf, classInScope, studentInScope, type AcademyStaff } from './scope.server';

// Monthly reports an academy prints for parents (product.md §3 "student reports"): one A4 page per student, and one
// per class with a row per student. The figures come from the same reading sessions as the student's own reports
// (reports.server.ts); each report costs a fixed number of queries.

/** The month a report is for: `?month=YYYY-MM`, this Seoul month when absent or not a month. */
export function reportMonth(value: string | null | undefined): string {
  if (value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) && seoulDayStart(`${value}-01`)) return value;
  return seoulMonth(now());
}

/** The instants the Seoul month begins and ends (the next month's start). */
function monthRange(month: string) {
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

/** The month's figures of each student the subquery selects, one row each (one query). */
function figuresOf(userIds: ReturnType<typeof sql>, month: string) {
  const r = monthRange(month);
  const from = r.from.toISOString();
  const to = r.to.toISOString();
  return executeRows<FigureRow>(
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
}

const toFigures = (row: FigureRow | undefined): MonthFigures => ({
  daysRead: Number(row?.days ?? 0),
  minutes: Number(row?.minutes ?? 0),
  pages: Number(row?.pages ?? 0),
  booksCompleted: Number(row?.completed ?? 0),
  analyses: Number(row?.analyses ?? 0),
  averageScore: row?.average == null ? null : Number(row.average),
  notes: Number(row?.notes ?? 0),
});

async function academyName(staff: AcademyStaff) {
  const [row] = await db()
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, academyOf(staff)));
  return row?.name ?? '';
}

/** One student's month for their parents: figures, level graph, the books read, the teacher's latest comment. */
export async function parentReport(staff: AcademyStaff, studentId: number, month: string) {
  const student = await studentInScope(staff, studentId);
  const r = monthRange(month);
  const from = r.from.toISOString();
  const to = r.to.toISOString();
  const ids = sql`${student.id}`;
  const [academy, [figures], [klass], booksRead, [comment], levels] = await Promise.all([
    academyName(staff),
    figuresOf(ids, month),
    executeRows<{ name: string }>(
      db(),
      sql`select c.name from class_memberships cm join classes c on c.id = cm.class_id
           where cm.user_id = ${student.id} and cm.joined_at < ${to}::timestamptz and (cm.left_at is null or cm.left_at >= ${from}::timestamptz)
           order by cm.left_at desc nulls first, cm.joined_at desc limit 1`,
    ),
    executeRows<{ resultBookId: number; title: string; author: string; status: number; minutes: number; pages: number }>(
      db(),
      sql`select s.result_book_id as "resultBookId", b.title, b.author, rb.status, sum(s.minutes)::int as minutes, sum(s.pages)::int as pages
            from ${sessionsOfUsers(ids)} s join result_books rb on rb.id = s.result_book_id join books b on b.id = rb.book_id
           where s.day >= ${r.firstDay}::date and s.day < ${r.nextDay}::date
           group by s.result_book_id, b.title, b.author, rb.status order by min(s.day), s.result_book_id`,
    ),
    // The latest comment a teacher left on one of the student's notes this month.
    executeRows<{ comment: string; teacher: string; at: string }>(
      db(),
      sql`select h.comment, t.name as teacher, h.created_at::text as at from note_history h
            join notes n on n.id = h.note_id join users t on t.id = h.actor_id
           where n.user_id = ${student.id} and h.actor_role = 'TEACHER' and h.comment is not null and h.comment <> ''
             and h.created_at >= ${from}::timestamptz and h.created_at < ${to}::timestamptz
           order by h.created_at desc, h.id desc limit 1`,
    ),
    levelGraph(student.id),
  ]);
  return {
    academy,
    month,
    student: { id: student.id, name: student.name, grade: student.grade, level: student.level, className: klass?.name ?? null },
    figures: toFigures(figures),
    books: booksRead.map((b) => ({ ...b, resultBookId: Number(b.resultBookId), completed: Number(b.status) === BookStatus.COMPLETE })),
    // The graph up to the end of the report's month, its last 8 points (one page).
    levels: levels.points.filter((p) => p.date < r.nextDay).slice(-8),
    currentLevel: levels.current,
    comment: comment ? { text: comment.comment, teacher: comment.teacher } : null,
  };
}

/** One class's month: a row per student who was in the class during the month, with the same figures. */
export async function classReport(staff: AcademyStaff, classId: number, month: string) {
  const klass = await classInScope(staff, classId);
  const r = monthRange(month);
  const members = sql`select cm.user_id from class_memberships cm where cm.class_id = ${klass.id}
    and cm.joined_at < ${r.to.toISOString()}::timestamptz and (cm.left_at is null or cm.left_at >= ${r.from.toISOString()}::timestamptz)`;
  const [academy, rows, names] = await Promise.all([
    academyName(staff),
    figuresOf(members, month),
    executeRows<{ id: number; name: string; grade: string | null }>(
      db(),
      sql`select u.id, u.name, u.grade from users u where u.id in (${members}) order by u.name, u.id`,
    ),
  ]);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const students = names.map((n) => ({ id: Number(n.id), name: n.name, grade: n.grade, figures: toFigures(byId.get(Number(n.id))) }));
  const sum = (key: keyof MonthFigures) => students.reduce((total, s) => total + Number(s.figures[key] ?? 0), 0);
  return {
    academy,
    month,
    class: { id: klass.id, name: klass.name, status: klass.status },
    students,
    totals: { minutes: sum('minutes'), pages: sum('pages'), booksCompleted: sum('booksCompleted'), notes: sum('notes') },
  };
}
