import { eq, sql } from 'drizzle-orm';
import { db, executeRows } from '~/db/client.server';
import { organisations, users } from '~/db/schema';
import { BookStatus, NoteState } from '~/domain/enums';
import { PORTFOLIO_COLUMNS, recordTitle, type Portfolio, type PortfolioKey } from '~/domain/portfolio';
import { now } from '~/lib/clock.server';
import { formatKoreanDate, seoulDay, seoulDayStart } from '~/lib/dates';
import { DomainError } from '~/lib/errors';
import type { Table } from '~/lib/spreadsheets.server';
import { recordAudit } from '~/services/operators/audit.server';
import { sessionsOfUsers } from '~/services/reports.server';

// A student's reading portfolio for a period (issue 32): the books they read, by the date they started them, each
// written '제목(저자)' as the school record's 독서활동상황 lists books; the totals; the notes the child chooses to
// include. The page (app/components/reading-portfolio.tsx) and the CSV show the same rows: `portfolioTable`.

export const PORTFOLIO_MESSAGES = {
  badPeriod: '기간을 다시 확인해 주세요. 시작일은 끝 날짜보다 늦을 수 없습니다.',
  notFound: '회원을 찾을 수 없습니다.',
} as const;

export type Period = { from: string; to: string };

const isDay = (v: string | null | undefined): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && seoulDayStart(v) !== null;

/** The period asked for (`from`, `to` as YYYY-MM-DD); this calendar year up to today when absent. */
export function portfolioPeriod(params: URLSearchParams): Period {
  const today = seoulDay(now());
  const from = params.get('from');
  const to = params.get('to');
  const period = { from: isDay(from) ? from : `${today.slice(0, 4)}-01-01`, to: isDay(to) ? to : today };
  if (period.from > period.to) throw new DomainError('INVALID_PERIOD', PORTFOLIO_MESSAGES.badPeriod, 400);
  return period;
}

/** The student's portfolio for the period, with the chosen notes (ids of their own notes; others are ignored). */
export async function readingPortfolio(studentId: number, period: Period, noteIds: number[] = []): Promise<Portfolio> {
  const ids = sql`${studentId}`;
  const endAt = seoulDayStart(period.to)!.getTime() + 24 * 60 * 60 * 1000;
  const [[student], books, [days], notes] = await Promise.all([
    db()
      .select({ id: users.id, name: users.name, grade: users.grade, academy: organisations.name })
      .from(users)
      .leftJoin(organisations, eq(organisations.id, users.organisationId))
      .where(eq(users.id, studentId)),
    // A book read in the period: one with reading in it, or finished in it.
    executeRows<{
      resultBookId: number;
      title: string;
      author: string;
      started: string | null;
      finished: string | null;
      minutes: number;
      pages: number;
    }>(
      db(),
      sql`select rb.id as "resultBookId", b.title, b.author, min(s.day)::text as started,
                 case when rb.status = ${BookStatus.COMPLETE} and rb.completed_at < ${new Date(endAt).toISOString()}::timestamptz
                      then to_char(rb.completed_at at time zone 'Asia/Seoul', 'YYYY-MM-DD') end as finished,
                 coalesce(sum(s.minutes), 0)::int as minutes, coalesce(sum(s.pages), 0)::int as pages
            from result_books rb join books b on b.id = rb.book_id
            left join ${sessionsOfUsers(ids)} s on s.result_book_id = rb.id and s.day >= ${period.from}::date and s.day <= ${period.to}::date
           where rb.user_id = ${studentId} and rb.status <> ${BookStatus.EXCLUDE}
           group by rb.id, b.title, b.author
          having count(s.day) > 0 or (rb.status = ${BookStatus.COMPLETE}
             and to_char(rb.completed_at at time zone 'Asia/Seoul', 'YYYY-MM-DD') between ${period.from} and ${period.to})
           order by coalesce(min(s.day)::text, to_char(rb.completed_at at time zone 'Asia/Seoul', 'YYYY-MM-DD')), b.title, rb.id`,
    ),
    executeRows<{ n: number }>(
      db(),
      sql`select count(distinct s.day)::int as n from ${sessionsOfUsers(ids)} s where s.day >= ${period.from}::date and s.day <= ${period.to}::date`,
    ),
    executeRows<{ id: number; resultBookId: number; title: string; author: string; submittedOn: string; text: string }>(
      db(),
      sql`select n.id, n.result_book_id as "resultBookId", b.title, b.author,
                 to_char(n.submitted_at at time zone 'Asia/Seoul', 'YYYY-MM-DD') as "submittedOn", n.note as text
            from notes n join result_books rb on rb.id = n.result_book_id join books b on b.id = rb.book_id
           where n.user_id = ${studentId} and n.state <> ${NoteState.NONE} and n.submitted_at is not null
             and to_char(n.submitted_at at time zone 'Asia/Seoul', 'YYYY-MM-DD') between ${period.from} and ${period.to}
           order by n.submitted_at, n.id`,
    ),
  ]);
  if (!student) throw new DomainError('USER_NOT_FOUND', PORTFOLIO_MESSAGES.notFound, 404);
  const chosen = new Set(noteIds);
  const rows = books.map((b, i) => ({
    no: i + 1,
    startedOn: formatKoreanDate(b.started ?? b.finished ?? ''),
    finishedOn: b.finished ? formatKoreanDate(b.finished) : '',
    record: recordTitle(b.title, b.author),
    minutes: Number(b.minutes),
    pages: Number(b.pages),
  }));
  return {
    student,
    period,
    rows,
    totals: {
      books: rows.length,
      completed: rows.filter((r) => r.finishedOn !== '').length,
      minutes: rows.reduce((t, r) => t + r.minutes, 0),
      pages: rows.reduce((t, r) => t + r.pages, 0),
      days: Number(days?.n ?? 0),
    },
    notes: notes
      .filter((n) => chosen.has(Number(n.id)))
      .map((n) => ({ id: Number(n.id), title: n.title, author: n.author, submittedOn: n.submittedOn, text: n.text })),
    noteChoices: notes.map((n) => ({ id: Number(n.id), title: n.title, submittedOn: n.submittedOn, chosen: chosen.has(Number(n.id)) })),
  };
}

/** The portfolio's rows as a table: the CSV's rows, the same as the page's. */
export function portfolioTable(portfolio: Portfolio): Table<PortfolioKey> {
  return { columns: PORTFOLIO_COLUMNS.map((c) => ({ ...c })), rows: portfolio.rows };
}

export const portfolioFileName = (portfolio: Portfolio) =>
  `독서 포트폴리오_${portfolio.student.name}_${portfolio.period.from}_${portfolio.period.to}.csv`;

/**
 * An operator produces a member's portfolio for a data-access request: written to the audit trail ('user.portfolio')
 * with the period, before the portfolio is returned.
 */
export async function portfolioForOperator(
  operator: { id: number },
  origin: { address: string | null },
  studentId: number,
  period: Period,
  format: 'page' | 'csv',
) {
  const portfolio = await readingPortfolio(studentId, period);
  await db().transaction((tx) =>
    recordAudit(tx, operator, origin, { action: 'user.portfolio', targetType: 'user', targetId: studentId, after: { ...period, format } }),
  );
  return portfolio;
}
