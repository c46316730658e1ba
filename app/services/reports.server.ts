import { and, asc, count, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { db, executeRows } from '~/db/client.server';
import { books, levelHistory, notes, problemAttempts, resultBooks, users } from '~/db/schema';
import { BookStatus, NoteState } from '~/domain/enums';
import { nowMs } from '~/lib/clock.server';
import { addMonths, seoulDay, seoulMonth } from '~/lib/dates';
import { unreadCommentCount } from '~/services/notes/student-notes.server';
import { z } from 'zod';
import { bookStatus } from '~/domain/api-schemas.server';

/** The JSON API's shape of `dashboard`. */
export const dashboardAnswer = z.object({
  today: z.string().date(),
  /** 'YYYY-MM'. */
  month: z.string(),
  thisMonth: z.object({ minutes: z.number(), pages: z.number(), booksRead: z.number(), booksCompleted: z.number() }),
  /** Days in a row with reading, up to today. */
  streak: z.number().int(),
  series: z.array(z.object({ day: z.string().date(), minutes: z.number() })),
  focus: z
    .object({
      resultBookId: z.number().int(),
      bookId: z.number().int(),
      status: bookStatus,
      title: z.string(),
      author: z.string(),
      noteHeld: z.boolean(),
      next: z.object({ label: z.string(), href: z.string() }).nullable(),
    })
    .nullable(),
  needsLevelTest: z.boolean(),
  medals: z.record(z.number()),
  unreadComments: z.number().int(),
});

export const generalReportAnswer = z.object({
  months: z.array(z.object({ month: z.string(), minutes: z.number(), pages: z.number(), books: z.number() })),
  genres: z.array(z.object({ genre: z.string(), books: z.number(), completed: z.number() })),
  careerFields: z.array(z.object({ field: z.string(), books: z.number() })),
  totals: z.object({ minutes: z.number(), pages: z.number(), sessions: z.number(), completed: z.number() }),
});

export const levelGraphAnswer = z.object({
  current: z.number().nullable(),
  points: z.array(z.object({ level: z.number(), date: z.string().date() })),
});

// The student's figures: dashboard, general report and level graph (product.md §2 "Levels, reports"). Everything is
// aggregated in the database, so each page costs a fixed number of queries whatever the history size.

const DAY_MS = 24 * 60 * 60 * 1000;
export const DASHBOARD_DAYS = 28;
export const REPORT_MONTHS = 6;

/**
 * Every reading session, page records and no-page progress alike, of the students `userIds` selects (a subquery or a
 * list of ids): (user, date, minutes, pages, result book). The academy's dashboard and reports use it as well.
 */
export const sessionsOfUsers = (userIds: SQL) => sql`(
  select rr.user_id, rr.read_date as day, rr.minutes::int as minutes, (rr.end_page - rr.start_page + 1)::int as pages, rr.result_book_id
    from reading_records rr join result_books rb on rb.id = rr.result_book_id
   where rr.user_id in (${userIds}) and rb.status <> ${BookStatus.EXCLUDE}
  union all
  select np.user_id, np.read_date, np.minutes::int, 0, np.result_book_id
    from no_page_progress np join result_books rb on rb.id = np.result_book_id
   where np.user_id in (${userIds}) and rb.status <> ${BookStatus.EXCLUDE}
)`;

/**
 * The last day the student `userId` (a column of the outer query, e.g. `u.id`) read, page records and no-page progress
 * alike, books not excluded: null when never. For a lateral join per student: each side reads the student's newest
 * records backwards through its (user_id, read_date) index and stops at the first of a book not excluded, so a student
 * costs a few index rows whatever the year of readings (docs/decisions/046).
 */
export const lastReadingDayOf = (userId: SQL) => sql`(
  select max(x.day) as day from (
    (select rr.read_date as day from reading_records rr join result_books rb on rb.id = rr.result_book_id
      where rr.user_id = ${userId} and rb.status <> ${BookStatus.EXCLUDE} order by rr.read_date desc limit 1)
    union all
    (select np.read_date from no_page_progress np join result_books rb on rb.id = np.result_book_id
      where np.user_id = ${userId} and rb.status <> ${BookStatus.EXCLUDE} order by np.read_date desc limit 1)
  ) x
)`;

/** Every reading session of a student: (date, minutes, pages, result book). */
const sessionsOf = (userId: number) => sessionsOfUsers(sql`${userId}`);

type DayRow = { day: string; minutes: number; pages: number; books: number };

/** Minutes, pages and books read per day since `fromDay` (one query). */
async function readingByDay(userId: number, fromDay: string) {
  const rows = await executeRows<DayRow>(
    db(),
    sql`select s.day::text as day, sum(s.minutes)::int as minutes, sum(s.pages)::int as pages, count(distinct s.result_book_id)::int as books
          from ${sessionsOf(userId)} s where s.day >= ${fromDay}::date group by s.day order by s.day`,
  );
  return rows.map((r) => ({ day: r.day, minutes: Number(r.minutes), pages: Number(r.pages), books: Number(r.books) }));
}

/** All days the student read, newest first (one query): for the streak. */
async function readingDays(userId: number) {
  const rows = await executeRows<{ day: string }>(
    db(),
    sql`select distinct s.day::text as day from ${sessionsOf(userId)} s order by 1 desc limit 400`,
  );
  return rows.map((r) => r.day);
}

const dayOffset = (day: string, delta: number) => seoulDay(new Date(Date.parse(`${day}T12:00:00+09:00`) + delta * DAY_MS));

/** Consecutive days of reading ending today, or yesterday when today has no reading yet. */
export function streakOf(days: string[], today: string): number {
  const set = new Set(days);
  let cursor = set.has(today) ? today : dayOffset(today, -1);
  let streak = 0;
  while (set.has(cursor)) {
    streak++;
    cursor = dayOffset(cursor, -1);
  }
  return streak;
}

/** The next thing to do with a book, by its status (and whether its note was sent back for rewriting). */
export function nextStep(status: number, resultBookId: number, noteHeld = false): { label: string; href: string } | null {
  if (noteHeld && status === BookStatus.NOTE)
    return { label: '독서 노트 다시 쓰기', href: `/user/activity/readingBook/note/${resultBookId}` };
  switch (status) {
    case BookStatus.WAITING:
      return { label: '읽기 전 활동 하기', href: `/user/before/${resultBookId}` };
    case BookStatus.PRE_ACTIVITY_COMPLETE:
    case BookStatus.ACTIVITY:
      return { label: '독서 기록 남기기', href: `/user/activity/readingBook/${resultBookId}` };
    case BookStatus.DIAGNOSIS:
      return { label: '문제 분석 풀기', href: `/user/activity/readingBook/analysis/${resultBookId}` };
    case BookStatus.NOTE:
      return { label: '독서 노트 쓰기', href: `/user/activity/readingBook/note/${resultBookId}` };
    default:
      return null;
  }
}

/** The dashboard (spec GET user/dashboard). */
export async function dashboard(userId: number): Promise<z.infer<typeof dashboardAnswer>> {
  const today = seoulDay(new Date(nowMs()));
  const month = seoulMonth(new Date(nowMs()));
  const from = dayOffset(today, -(DASHBOARD_DAYS - 1));
  const monthStart = `${month}-01`;
  const [byDay, days, [monthRow], current, medals, completedThisMonth, unread, [held], [me]] = await Promise.all([
    readingByDay(userId, from < monthStart ? from : monthStart),
    readingDays(userId),
    executeRows<{ minutes: number; pages: number; books: number }>(
      db(),
      sql`select coalesce(sum(s.minutes), 0)::int as minutes, coalesce(sum(s.pages), 0)::int as pages, count(distinct s.result_book_id)::int as books
            from ${sessionsOf(userId)} s where s.day >= ${monthStart}::date`,
    ),
    db()
      .select({ resultBookId: resultBooks.id, status: resultBooks.status, title: books.title, author: books.author, bookId: books.id })
      .from(resultBooks)
      .innerJoin(books, eq(books.id, resultBooks.bookId))
      .where(and(eq(resultBooks.userId, userId), eq(resultBooks.isCurrent, true)))
      .limit(1),
    db()
      .select({ medal: problemAttempts.medal, n: count() })
      .from(problemAttempts)
      .where(and(eq(problemAttempts.userId, userId), sql`${problemAttempts.medal} is not null`))
      .groupBy(problemAttempts.medal),
    db()
      .select({ n: count() })
      .from(resultBooks)
      .where(
        and(
          eq(resultBooks.userId, userId),
          eq(resultBooks.status, BookStatus.COMPLETE),
          gte(resultBooks.completedAt, new Date(Date.parse(`${monthStart}T00:00:00+09:00`))),
        ),
      ),
    unreadCommentCount(userId),
    // A note the teacher sent back comes first: its book is at the note step again (decision 016).
    db()
      .select({ resultBookId: resultBooks.id, status: resultBooks.status, title: books.title, author: books.author, bookId: books.id })
      .from(notes)
      .innerJoin(resultBooks, eq(resultBooks.id, notes.resultBookId))
      .innerJoin(books, eq(books.id, resultBooks.bookId))
      .where(and(eq(notes.userId, userId), eq(notes.state, NoteState.HOLD), eq(resultBooks.status, BookStatus.NOTE)))
      .orderBy(asc(notes.stateChangedAt))
      .limit(1),
    db().select({ level: users.level }).from(users).where(eq(users.id, userId)),
  ]);
  const perDay = new Map(byDay.map((d) => [d.day, d]));
  const series = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
    const day = dayOffset(from, i);
    return { day, minutes: perDay.get(day)?.minutes ?? 0 };
  });
  // The next open step: the current book, or else the oldest book waiting for something.
  let focus = held ?? current[0] ?? null;
  if (!focus) {
    const [open] = await db()
      .select({ resultBookId: resultBooks.id, status: resultBooks.status, title: books.title, author: books.author, bookId: books.id })
      .from(resultBooks)
      .innerJoin(books, eq(books.id, resultBooks.bookId))
      .where(
        and(
          eq(resultBooks.userId, userId),
          inArray(resultBooks.status, [
            BookStatus.DIAGNOSIS,
            BookStatus.NOTE,
            BookStatus.ACTIVITY,
            BookStatus.PRE_ACTIVITY_COMPLETE,
            BookStatus.WAITING,
          ]),
        ),
      )
      .orderBy(asc(resultBooks.assignedAt))
      .limit(1);
    focus = open ?? null;
  }
  const medalCount = { GOLD: 0, SILVER: 0, BRONZE: 0 } as Record<string, number>;
  for (const m of medals) if (m.medal) medalCount[m.medal] = Number(m.n);
  return {
    today,
    month,
    thisMonth: {
      minutes: Number(monthRow?.minutes ?? 0),
      pages: Number(monthRow?.pages ?? 0),
      booksRead: Number(monthRow?.books ?? 0),
      booksCompleted: Number(completedThisMonth[0]?.n ?? 0),
    },
    streak: streakOf(days, today),
    series,
    focus: focus ? { ...focus, noteHeld: focus === held, next: nextStep(focus.status, focus.resultBookId, focus === held) } : null,
    /** No reading level yet: the first step is the level test (수준 진단). */
    needsLevelTest: me?.level == null,
    medals: medalCount,
    unreadComments: unread,
  };
}

/** The general report (spec GET user/book/report/general): by month, by genre, by career field. */
export async function generalReport(userId: number): Promise<z.infer<typeof generalReportAnswer>> {
  const month = seoulMonth(new Date(nowMs()));
  const firstMonth = addMonths(month, -(REPORT_MONTHS - 1));
  const [byMonth, byGenre, byField, [totals]] = await Promise.all([
    executeRows<{ month: string; minutes: number; pages: number; books: number }>(
      db(),
      sql`select to_char(s.day, 'YYYY-MM') as month, sum(s.minutes)::int as minutes, sum(s.pages)::int as pages, count(distinct s.result_book_id)::int as books
            from ${sessionsOf(userId)} s where s.day >= ${`${firstMonth}-01`}::date group by 1 order by 1`,
    ),
    executeRows<{ genre: string; books: number; completed: number }>(
      db(),
      sql`select b.genre, count(*)::int as books, count(*) filter (where rb.status = ${BookStatus.COMPLETE})::int as completed
            from result_books rb join books b on b.id = rb.book_id
           where rb.user_id = ${userId} and rb.status >= ${BookStatus.ACTIVITY} and rb.status <> ${BookStatus.EXCLUDE}
           group by b.genre order by 2 desc, 1`,
    ),
    executeRows<{ field: string; books: number }>(
      db(),
      sql`select f as field, count(*)::int as books
            from result_books rb join books b on b.id = rb.book_id, unnest(b.career_fields) f
           where rb.user_id = ${userId} and rb.status >= ${BookStatus.ACTIVITY} and rb.status <> ${BookStatus.EXCLUDE}
           group by f order by 2 desc, 1`,
    ),
    executeRows<{ minutes: number; pages: number; sessions: number; completed: number }>(
      db(),
      sql`select coalesce(sum(s.minutes), 0)::int as minutes, coalesce(sum(s.pages), 0)::int as pages, count(*)::int as sessions,
                 (select count(*) from result_books where user_id = ${userId} and status = ${BookStatus.COMPLETE})::int as completed
            from ${sessionsOf(userId)} s`,
    ),
  ]);
  const perMonth = new Map(byMonth.map((m) => [m.month, m]));
  const months = Array.from({ length: REPORT_MONTHS }, (_, i) => {
    const m = addMonths(firstMonth, i);
    const row = perMonth.get(m);
    return { month: m, minutes: Number(row?.minutes ?? 0), pages: Number(row?.pages ?? 0), books: Number(row?.books ?? 0) };
  });
  return {
    months,
    genres: byGenre.map((g) => ({ genre: g.genre, books: Number(g.books), completed: Number(g.completed) })),
    careerFields: byField.map((f) => ({ field: f.field, books: Number(f.books) })),
    totals: {
      minutes: Number(totals?.minutes ?? 0),
      pages: Number(totals?.pages ?? 0),
      sessions: Number(totals?.sessions ?? 0),
      completed: Number(totals?.completed ?? 0),
    },
  };
}

/** The level graph (spec GET user/book/levelGraph): the student's level over time, from course tests. */
export async function levelGraph(userId: number): Promise<z.infer<typeof levelGraphAnswer>> {
  const [points, [me]] = await Promise.all([
    db()
      .select({ level: levelHistory.level, recordedAt: levelHistory.recordedAt })
      .from(levelHistory)
      .where(eq(levelHistory.userId, userId))
      .orderBy(asc(levelHistory.recordedAt), asc(levelHistory.id)),
    db().select({ level: users.level }).from(users).where(eq(users.id, userId)),
  ]);
  return {
    current: me?.level ?? null,
    points: points.map((p) => ({ level: p.level, date: seoulDay(p.recordedAt) })),
  };
}
