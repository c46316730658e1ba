import { eq, sql } from 'drizzle-orm';
import { db, executeRows } from '~/db/client.server';
import { organisations, users } from '~/db/schema';
import { BookStatus } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { seoulDayStart, seoulMonth } from '~/lib/dates';
import { DomainError } from '~/lib/errors';
import { levelGraph, sessionsOfUsers } from '~/services/reports.server';
import { classAttainment, classMembersOfMonth } from './goals.server';
import { monthFigures, monthRange, noFigures, studentMonthFigures, type MonthFigures } from './month-figures.server';
import { reportComment } from './report-comments.server';
import { areaResults, nextMonthBooks } from './report-sections.server';
import { academyOf, classInScope, SCOPE_MESSAGES, studentInScope, type AcademyStaff } from './scope.server';

export type { MonthFigures };

// Monthly reports an academy prints for parents (product.md §3 "student reports"): one A4 page per student, and one
// per class with a row per student. The figures come from the same reading sessions as the student's own reports
// (reports.server.ts); each report costs a fixed number of queries.

/** The month a report is for: `?month=YYYY-MM`, this Seoul month when absent or not a month. */
export function reportMonth(value: string | null | undefined): string {
  if (value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) && seoulDayStart(`${value}-01`)) return value;
  return seoulMonth(now());
}

/** The name of the academy a student belongs to. */
async function academyOfStudent(studentId: number) {
  const [row] = await db()
    .select({ name: organisations.name, status: users.status })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, studentId));
  return row ?? null;
}

export type ReportOptions = { publishedOnly: boolean };

/**
 * One student's month as the family keeps it: figures, level graph, the books read, the five areas of the problem
 * analysis against the child's own earlier months, the teacher's comment for the month and next month's books.
 * With `publishedOnly` (the parents' pages) the comment is there only once published, and the report of a month
 * whose comment is not published is refused (404): the one function the parents' pages call. No scope check: callers
 * check who may see the student (`parentReport` for the academy's staff).
 */
export async function monthlyReport(studentId: number, month: string, { publishedOnly }: ReportOptions) {
  const r = monthRange(month);
  const from = r.from.toISOString();
  const to = r.to.toISOString();
  const ids = sql`${studentId}`;
  const [academy, [student], figures, [klass], booksRead, written, [noteComment], levels, areas, nextBooks] = await Promise.all([
    academyOfStudent(studentId),
    db().select({ id: users.id, name: users.name, grade: users.grade, level: users.level }).from(users).where(eq(users.id, studentId)),
    studentMonthFigures(studentId, month),
    executeRows<{ name: string }>(
      db(),
      sql`select c.name from class_memberships cm join classes c on c.id = cm.class_id
           where cm.user_id = ${studentId} and cm.joined_at < ${to}::timestamptz and (cm.left_at is null or cm.left_at >= ${from}::timestamptz)
           order by cm.left_at desc nulls first, cm.joined_at desc limit 1`,
    ),
    executeRows<{ resultBookId: number; title: string; author: string; status: number; minutes: number; pages: number }>(
      db(),
      sql`select s.result_book_id as "resultBookId", b.title, b.author, rb.status, sum(s.minutes)::int as minutes, sum(s.pages)::int as pages
            from ${sessionsOfUsers(ids)} s join result_books rb on rb.id = s.result_book_id join books b on b.id = rb.book_id
           where s.day >= ${r.firstDay}::date and s.day < ${r.nextDay}::date
           group by s.result_book_id, b.title, b.author, rb.status order by min(s.day), s.result_book_id`,
    ),
    reportComment(studentId, month),
    // Without a comment written for the report, the staff's copy carries the latest comment a teacher left on one of
    // the student's notes that month (the parents' copy carries only a published report comment).
    publishedOnly
      ? Promise.resolve([])
      : executeRows<{ comment: string; teacher: string }>(
          db(),
          sql`select h.comment, t.name as teacher from note_history h
            join notes n on n.id = h.note_id join users t on t.id = h.actor_id
           where n.user_id = ${studentId} and h.actor_role = 'TEACHER' and h.comment is not null and h.comment <> ''
             and h.created_at >= ${from}::timestamptz and h.created_at < ${to}::timestamptz
           order by h.created_at desc, h.id desc limit 1`,
        ),
    levelGraph(studentId),
    areaResults(studentId, month),
    nextMonthBooks(studentId, month),
  ]);
  if (!student || !academy) throw new DomainError('STUDENT_NOT_FOUND', SCOPE_MESSAGES.studentNotFound, 404);
  if (publishedOnly && !written?.publishedAt) throw new DomainError('REPORT_NOT_PUBLISHED', '아직 공개되지 않은 리포트입니다.', 404);
  const comment = written
    ? { text: written.comment, teacher: written.teacher, published: written.publishedAt !== null, fromNote: false }
    : noteComment
      ? { text: noteComment.comment, teacher: noteComment.teacher, published: false, fromNote: true }
      : null;
  return {
    academy: academy.name ?? '',
    month,
    student: { id: student.id, name: student.name, grade: student.grade, level: student.level, className: klass?.name ?? null },
    figures,
    books: booksRead.map((b) => ({ ...b, resultBookId: Number(b.resultBookId), completed: Number(b.status) === BookStatus.COMPLETE })),
    // The graph up to the end of the report's month, its last 8 points (one page).
    levels: levels.points.filter((p) => p.date < r.nextDay).slice(-8),
    currentLevel: levels.current,
    areas,
    comment,
    publishedAt: written?.publishedAt ?? null,
    nextBooks,
  };
}

/** One student's month for the academy's staff (a student outside their scope is 404), unpublished comment included. */
export async function parentReport(staff: AcademyStaff, studentId: number, month: string) {
  const student = await studentInScope(staff, studentId);
  return monthlyReport(student.id, month, { publishedOnly: false });
}

async function academyName(staff: AcademyStaff) {
  const [row] = await db()
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, academyOf(staff)));
  return row?.name ?? '';
}

/**
 * One class's month: a row per student who was in the class during the month, with the same figures, the class goal's
 * attainment (a count, not a ranking) and each student's report comment state.
 */
export async function classReport(staff: AcademyStaff, classId: number, month: string) {
  const klass = await classInScope(staff, classId);
  const members = classMembersOfMonth(klass.id, month);
  const [academy, byId, names, attainment, comments] = await Promise.all([
    academyName(staff),
    monthFigures(members, month),
    executeRows<{ id: number; name: string; grade: string | null }>(
      db(),
      sql`select u.id, u.name, u.grade from users u where u.id in (${members}) order by u.name, u.id`,
    ),
    classAttainment([klass.id], month),
    executeRows<{ studentId: number; comment: string; publishedAt: string | null }>(
      db(),
      sql`select student_id as "studentId", comment, published_at::text as "publishedAt" from report_comments
           where month = ${month} and student_id in (${members})`,
    ),
  ]);
  const commentOf = new Map(comments.map((c) => [Number(c.studentId), { text: c.comment, published: c.publishedAt !== null }]));
  const students = names.map((n) => ({
    id: Number(n.id),
    name: n.name,
    grade: n.grade,
    figures: byId.get(Number(n.id)) ?? noFigures(),
    comment: commentOf.get(Number(n.id)) ?? null,
  }));
  const sum = (key: keyof MonthFigures) => students.reduce((total, s) => total + Number(s.figures[key] ?? 0), 0);
  return {
    academy,
    month,
    class: { id: klass.id, name: klass.name, status: klass.status },
    students,
    totals: { minutes: sum('minutes'), pages: sum('pages'), booksCompleted: sum('booksCompleted'), notes: sum('notes') },
    attainment: attainment.get(klass.id) ?? null,
  };
}
