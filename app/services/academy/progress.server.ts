import { and, asc, eq, sql } from 'drizzle-orm';
import { db, executeRows } from '~/db/client.server';
import { classes, users } from '~/db/schema';
import { BookStatus, NoteState } from '~/domain/enums';
import { INACTIVE_DAYS, PROGRESS_PAGE_SIZE, SORTS, type SortKey } from '~/domain/class-progress';
import { NOTE_STATE_LABELS } from '~/domain/notes';
import { BOOK_STATUS_LABELS } from '~/domain/reading';
import { now } from '~/lib/clock.server';
import { monthLabel, seoulDay } from '~/lib/dates';
import { DomainError } from '~/lib/errors';
import { pageNumber, positiveInt } from '~/lib/numbers';
import { classInScope, classesInScope, studentsInScope, SCOPE_MESSAGES, type AcademyStaff } from './scope.server';
import { pageCount } from '../paged-list.server';

// A class's reading progress for a week (Mon–Sun) or a month in Seoul (product.md §3): per student the days read,
// minutes and pages in the period, the current book and its status, the last note's state and the last reading day,
// with the books completed, analyses taken (and their average score) and notes written in the period for the export.
// The rows of a class come from one aggregate query whatever the number of students; sorting, filtering and paging
// happen on those rows, so the page and the export show the same numbers.

export { INACTIVE_DAYS, PROGRESS_PAGE_SIZE, SORTS, type SortKey };

export type PeriodKind = 'week' | 'month';
export type Period = { kind: PeriodKind; from: string; to: string; month: string; label: string; prev: string; next: string | null };

const DAY_MS = 86_400_000;
const addDays = (day: string, delta: number) => new Date(Date.parse(`${day}T00:00:00Z`) + delta * DAY_MS).toISOString().slice(0, 10);
const validDay = (day: string | null | undefined) =>
  Boolean(day && /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day);
const validMonth = (month: string | null | undefined) => Boolean(month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month));
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
const lastDayOf = (month: string) => addDays(`${nextMonth(month)}-01`, -1);
function nextMonth(month: string) {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}
function prevMonth(month: string) {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
const shortDay = (day: string) => `${Number(day.slice(5, 7))}월 ${Number(day.slice(8))}일`;

/**
 * The period from the query: `?period=week&start=YYYY-MM-DD` (the week of that day, Monday to Sunday),
 * `?period=month&month=YYYY-MM` or `?month=YYYY-MM`; this week when nothing (or nonsense) is given. `prev`/`next` are
 * the query strings of the neighbouring periods (`next` null for a period after this one).
 */
export function parsePeriod(params: URLSearchParams, today = seoulDay(now())): Period {
  const month = params.get('month');
  const kind: PeriodKind = params.get('period') === 'month' || (params.get('period') !== 'week' && validMonth(month)) ? 'month' : 'week';
  if (kind === 'month') {
    const m = validMonth(month) && month! <= today.slice(0, 7) ? month! : today.slice(0, 7);
    const following = nextMonth(m);
    return {
      kind,
      from: `${m}-01`,
      to: lastDayOf(m),
      month: m,
      label: monthLabel(m),
      prev: `period=month&month=${prevMonth(m)}`,
      next: following <= today.slice(0, 7) ? `period=month&month=${following}` : null,
    };
  }
  const start = params.get('start');
  const from = validDay(start) && start! <= today ? mondayOf(start!) : mondayOf(today);
  const to = addDays(from, 6);
  const following = addDays(from, 7);
  return {
    kind,
    from,
    to,
    month: from.slice(0, 7),
    label: `${shortDay(from)} ~ ${shortDay(to)}`,
    prev: `period=week&start=${addDays(from, -7)}`,
    next: following <= today ? `period=week&start=${following}` : null,
  };
}

/** The query string of a period (for links and the export). */
export const periodQuery = (period: Period) =>
  period.kind === 'month' ? `period=month&month=${period.month}` : `period=week&start=${period.from}`;

export type ProgressRow = {
  studentId: number;
  name: string;
  loginId: string;
  className: string;
  days: number;
  minutes: number;
  pages: number;
  bookTitle: string | null;
  bookStatus: number | null;
  bookStatusLabel: string;
  noteState: number | null;
  noteStateLabel: string;
  lastReadOn: string | null;
  completed: number;
  analyses: number;
  averageScore: number | null;
  notesWritten: number;
  inactive: boolean;
};

type RawRow = {
  id: number;
  name: string;
  login_id: string;
  days: number | null;
  minutes: number | null;
  pages: number | null;
  book_title: string | null;
  book_status: number | null;
  note_state: number | null;
  last_day: string | null;
  completed: number | null;
  analyses: number | null;
  average_score: number | string | null;
  notes_written: number | null;
};

/** The class's current students in scope with their figures for the period: ONE query. */
async function classRows(staff: AcademyStaff, classId: number, className: string, period: Period, today: string): Promise<ProgressRow[]> {
  const fromAt = new Date(`${period.from}T00:00:00+09:00`);
  const toAt = new Date(Date.parse(`${period.to}T00:00:00+09:00`) + DAY_MS);
  const quietSince = addDays(today, -(INACTIVE_DAYS - 1));
  const rows = await executeRows<RawRow>(
    db(),
    sql`with members as (
        select ${users.id} as id, ${users.name} as name, ${users.loginId} as login_id
          from ${users}
         where ${studentsInScope(staff)}
           and exists (select 1 from class_memberships cm where cm.user_id = ${users.id} and cm.class_id = ${classId} and cm.left_at is null)
      ), sessions as (
        select rr.user_id, rr.read_date as day, rr.minutes::int as minutes, (rr.end_page - rr.start_page + 1)::int as pages
          from reading_records rr join members m on m.id = rr.user_id join result_books rb on rb.id = rr.result_book_id
         where rb.status <> ${BookStatus.EXCLUDE}
        union all
        select np.user_id, np.read_date, np.minutes::int, 0
          from no_page_progress np join members m on m.id = np.user_id join result_books rb on rb.id = np.result_book_id
         where rb.status <> ${BookStatus.EXCLUDE}
      ), in_period as (
        select user_id, count(distinct day)::int as days, sum(minutes)::int as minutes, sum(pages)::int as pages
          from sessions where day between ${period.from}::date and ${period.to}::date group by user_id
      ), last_read as (
        select user_id, max(day)::text as last_day from sessions group by user_id
      ), current_book as (
        select distinct on (rb.user_id) rb.user_id, b.title, rb.status
          from result_books rb join members m on m.id = rb.user_id join books b on b.id = rb.book_id
         where rb.status not in (${BookStatus.COMPLETE}, ${BookStatus.EXCLUDE})
         order by rb.user_id, rb.is_current desc, rb.status_changed_at desc, rb.id desc
      ), last_note as (
        select distinct on (n.user_id) n.user_id, n.state
          from notes n join members m on m.id = n.user_id
         where n.state <> ${NoteState.NONE}
         order by n.user_id, n.updated_at desc, n.id desc
      ), completed as (
        select rb.user_id, count(*)::int as n
          from result_books rb join members m on m.id = rb.user_id
         where rb.status = ${BookStatus.COMPLETE} and rb.completed_at >= ${fromAt} and rb.completed_at < ${toAt}
         group by rb.user_id
      ), analyses as (
        select pa.user_id, count(*)::int as n, round(avg(pa.score))::int as average
          from problem_attempts pa join members m on m.id = pa.user_id
         where pa.result_book_id is not null and pa.score is not null and pa.marked_at >= ${fromAt} and pa.marked_at < ${toAt}
         group by pa.user_id
      ), written as (
        select n.user_id, count(*)::int as n
          from notes n join members m on m.id = n.user_id
         where n.submitted_at >= ${fromAt} and n.submitted_at < ${toAt}
         group by n.user_id
      )
      select m.id, m.name, m.login_id, p.days, p.minutes, p.pages, cb.title as book_title, cb.status as book_status,
             ln.state as note_state, lr.last_day, c.n as completed, a.n as analyses, a.average as average_score, w.n as notes_written
        from members m
        left join in_period p on p.user_id = m.id
        left join last_read lr on lr.user_id = m.id
        left join current_book cb on cb.user_id = m.id
        left join last_note ln on ln.user_id = m.id
        left join completed c on c.user_id = m.id
        left join analyses a on a.user_id = m.id
        left join written w on w.user_id = m.id
       order by m.name, m.id`,
  );
  return rows.map((r) => {
    const bookStatus = r.book_status === null ? null : Number(r.book_status);
    const noteState = r.note_state === null ? null : Number(r.note_state);
    const lastReadOn = r.last_day ? String(r.last_day).slice(0, 10) : null;
    return {
      studentId: Number(r.id),
      name: r.name,
      loginId: r.login_id,
      className,
      days: Number(r.days ?? 0),
      minutes: Number(r.minutes ?? 0),
      pages: Number(r.pages ?? 0),
      bookTitle: r.book_title,
      bookStatus,
      bookStatusLabel: bookStatus === null ? '-' : (BOOK_STATUS_LABELS[bookStatus as BookStatus] ?? String(bookStatus)),
      noteState,
      noteStateLabel: noteState === null ? '-' : (NOTE_STATE_LABELS[noteState as NoteState] ?? String(noteState)),
      lastReadOn,
      completed: Number(r.completed ?? 0),
      analyses: Number(r.analyses ?? 0),
      averageScore: r.average_score === null ? null : Number(r.average_score),
      notesWritten: Number(r.notes_written ?? 0),
      inactive: !lastReadOn || lastReadOn < quietSince,
    };
  });
}

export type ProgressQuery = {
  classId?: number | null;
  period: Period;
  sort?: string | null;
  dir?: string | null;
  /** 'inactive': only students with no reading in the last 7 days. */
  filter?: string | null;
  /** Only students whose current book has this status. */
  status?: number | null;
  page?: number;
};

/** The page's parameters from the URL (shared with the export routes). */
export function progressQueryOf(params: URLSearchParams): ProgressQuery {
  return {
    classId: positiveInt(params.get('classId')),
    period: parsePeriod(params),
    sort: params.get('sort'),
    dir: params.get('dir'),
    filter: params.get('filter'),
    status: positiveInt(params.get('status')),
    page: pageNumber(params.get('page')),
  };
}

const compare = (key: SortKey) => (a: ProgressRow, b: ProgressRow) => {
  const text = (x: string | null) => x ?? '';
  switch (key) {
    case 'name':
      return a.name.localeCompare(b.name, 'ko');
    case 'book':
      return text(a.bookTitle).localeCompare(text(b.bookTitle), 'ko');
    case 'note':
      return (a.noteState ?? -99) - (b.noteState ?? -99);
    case 'last':
      return text(a.lastReadOn).localeCompare(text(b.lastReadOn));
    case 'completed':
      return a.completed - b.completed;
    case 'analyses':
      return a.analyses - b.analyses;
    case 'notes':
      return a.notesWritten - b.notesWritten;
    default:
      return a[key] - b[key];
  }
};

/**
 * The class progress of the period: the classes in scope (open ones), the chosen class (the first when none is
 * given; 404 outside the scope), every row sorted and filtered, and the page of them. A fixed number of queries.
 */
export async function classProgress(staff: AcademyStaff, query: ProgressQuery) {
  const today = seoulDay(now());
  const open = await db()
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(classesInScope(staff), eq(classes.status, 'OPEN')))
    .orderBy(asc(classes.name), asc(classes.id));
  const chosen = query.classId ? await classInScope(staff, query.classId) : (open[0] ?? null);
  if (query.classId && !chosen) throw new DomainError('CLASS_NOT_FOUND', SCOPE_MESSAGES.classNotFound, 404);
  const sort: SortKey = query.sort && Object.hasOwn(SORTS, query.sort) ? (query.sort as SortKey) : 'name';
  const dir: 'asc' | 'desc' = query.dir === 'desc' ? 'desc' : 'asc';
  const filter = query.filter === 'inactive' ? 'inactive' : '';
  const status = query.status && Object.hasOwn(BOOK_STATUS_LABELS, query.status) ? query.status : null;
  const all = chosen ? await classRows(staff, chosen.id, chosen.name, query.period, today) : [];
  let rows = all.filter((r) => (!filter || r.inactive) && (status === null || r.bookStatus === status));
  const by = compare(sort);
  rows = [...rows].sort((a, b) => (dir === 'asc' ? 1 : -1) * by(a, b) || a.name.localeCompare(b.name, 'ko') || a.studentId - b.studentId);
  const pages = pageCount(rows.length, PROGRESS_PAGE_SIZE);
  const page = Math.min(pages, Math.max(1, Math.floor(query.page ?? 1) || 1));
  return {
    classes: open,
    chosen: chosen ? { id: chosen.id, name: chosen.name } : null,
    period: query.period,
    sort,
    dir,
    filter,
    status,
    /** Every row after filter and sort (the export writes these). */
    rows,
    pageRows: rows.slice((page - 1) * PROGRESS_PAGE_SIZE, page * PROGRESS_PAGE_SIZE),
    total: rows.length,
    classSize: all.length,
    inactiveCount: all.filter((r) => r.inactive).length,
    page,
    pages,
    today,
  };
}

export type ClassProgress = Awaited<ReturnType<typeof classProgress>>;

/** The export's table: one line per student of the progress rows (the same numbers as the page). */
export function progressTable(progress: ClassProgress) {
  return {
    columns: [
      { key: 'name' as const, header: '이름', width: 12 },
      { key: 'loginId' as const, header: '아이디', width: 14 },
      { key: 'className' as const, header: '반', width: 12 },
      { key: 'completed' as const, header: '완독 권수', width: 10 },
      { key: 'pages' as const, header: '읽은 쪽수', width: 10 },
      { key: 'minutes' as const, header: '독서 시간(분)', width: 12 },
      { key: 'days' as const, header: '독서일', width: 8 },
      { key: 'analyses' as const, header: '문제 분석 횟수', width: 12 },
      { key: 'averageScore' as const, header: '문제 분석 평균 점수', width: 14 },
      { key: 'notesWritten' as const, header: '독서 노트 작성', width: 12 },
    ],
    rows: progress.rows.map((r) => ({
      name: r.name,
      loginId: r.loginId,
      className: r.className,
      completed: r.completed,
      pages: r.pages,
      minutes: r.minutes,
      days: r.days,
      analyses: r.analyses,
      averageScore: r.averageScore ?? '',
      notesWritten: r.notesWritten,
    })),
  };
}
