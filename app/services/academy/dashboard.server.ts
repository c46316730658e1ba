import { sql } from 'drizzle-orm';
import { db, executeRows } from '~/db/client.server';
import { BookStatus, NoteState, ReadMethod } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { seoulDay, seoulDayStart, seoulMonth } from '~/lib/dates';
import { won } from '~/domain/payments';
import { billingState } from '~/services/payments/billing-state.server';
import { lastReadingDayOf, sessionsOfUsers } from '~/services/reports.server';
import { classesInScope, isHead, studentIdsInScope, type AcademyStaff } from './scope.server';
import { classAttainment } from './goals.server';
import { goalText } from '~/domain/goals';

// The academy's dashboard (product.md §3): this Seoul month at a glance for the staff member's students (a HEAD the
// academy, a TEACHER their classes). Every figure is aggregated in the database: the page costs the same fixed number
// of queries whatever the academy's size.

/**
 * A student who has not read for this many Seoul days or more, counted from their last reading or (never read) from
 * the day they joined the academy, is listed as stopped.
 */
export const STOPPED_AFTER_DAYS = 7;
/** How many stopped students and books waiting for a read method the dashboard names (the rest are counted). */
export const DASHBOARD_LIST_LIMIT = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days of a Seoul month 'YYYY-MM' up to and including `lastDay`. */
function monthDays(month: string, lastDay: string): string[] {
  const days: string[] = [];
  for (let d = 1; d <= 31; d++) {
    const day = `${month}-${String(d).padStart(2, '0')}`;
    if (!seoulDayStart(day) || day > lastDay) break;
    days.push(day);
  }
  return days;
}

export async function academyDashboard(staff: AcademyStaff) {
  const at = now();
  const month = seoulMonth(at);
  const today = seoulDay(at);
  const monthStart = `${month}-01`;
  const monthStartAt = seoulDayStart(monthStart)!;
  const stoppedBefore = seoulDay(new Date(seoulDayStart(today)!.getTime() - STOPPED_AFTER_DAYS * DAY_MS + DAY_MS / 2));
  const ids = studentIdsInScope(staff);
  const sessions = sessionsOfUsers(ids);

  const [[totals], byDay, [counts], stopped, waitingMethod, byClass, bill] = await Promise.all([
    executeRows<{ readers: number; minutes: number; pages: number }>(
      db(),
      sql`select count(distinct s.user_id)::int as readers, coalesce(sum(s.minutes), 0)::int as minutes, coalesce(sum(s.pages), 0)::int as pages
            from ${sessions} s where s.day >= ${monthStart}::date`,
    ),
    executeRows<{ day: string; minutes: number }>(
      db(),
      sql`select s.day::text as day, sum(s.minutes)::int as minutes from ${sessions} s
           where s.day >= ${monthStart}::date group by s.day order by s.day`,
    ),
    executeRows<{ completed: number; notes: number }>(
      db(),
      sql`select (select count(*) from result_books rb where rb.user_id in (${ids}) and rb.status = ${BookStatus.COMPLETE}
                    and rb.completed_at >= ${monthStartAt.toISOString()}::timestamptz)::int as completed,
                 (select count(*) from notes n where n.user_id in (${ids}) and n.state = ${NoteState.WRITE})::int as notes`,
    ),
    // Active students with STOPPED_AFTER_DAYS Seoul days or more without reading since their last reading or, for
    // one who never read, since they joined the academy (their account made, or their join request approved,
    // whichever is later): longest first. A student who joined this week and has not read yet is not listed.
    executeRows<{ id: number; name: string; grade: string | null; lastDay: string | null; joinedDay: string; total: number }>(
      db(),
      sql`select u.id, u.name, u.grade, last.day::text as "lastDay", joined.day::text as "joinedDay", count(*) over ()::int as total
            from users u
            left join lateral ${lastReadingDayOf(sql`u.id`)} last on true
            cross join lateral (
              select (greatest(u.created_at, (select max(j.decided_at) from academy_join_requests j
                                               where j.user_id = u.id and j.academy_id = u.organisation_id and j.status = 'APPROVED'))
                      at time zone 'Asia/Seoul')::date as day
            ) joined
           where u.id in (${ids}) and u.status = 'ACTIVE'
             and coalesce(last.day, joined.day) <= ${stoppedBefore}::date
           order by last.day asc nulls first, joined.day, u.name, u.id
           limit ${DASHBOARD_LIST_LIMIT}`,
    ),
    // Books assigned without a read method yet, still open (not excluded, not complete).
    executeRows<{ resultBookId: number; studentId: number; studentName: string; title: string; total: number }>(
      db(),
      sql`select rb.id as "resultBookId", u.id as "studentId", u.name as "studentName", b.title, count(*) over ()::int as total
            from result_books rb join users u on u.id = rb.user_id join books b on b.id = rb.book_id
           where rb.user_id in (${ids}) and rb.read_method = ${ReadMethod.NONE}
             and rb.status not in (${BookStatus.EXCLUDE}, ${BookStatus.COMPLETE})
           order by rb.assigned_at, rb.id
           limit ${DASHBOARD_LIST_LIMIT}`,
    ),
    // This month's minutes and pages of each open class, by its current students. The students' month is summed once
    // (materialized): joined per class, PostgreSQL summed the whole academy's month again for every class.
    executeRows<{ id: number; name: string; students: number; minutes: number; pages: number }>(
      db(),
      sql`with month as materialized (
            select x.user_id, sum(x.minutes) as minutes, sum(x.pages) as pages from ${sessions} x
             where x.day >= ${monthStart}::date group by x.user_id
          )
          select classes.id, classes.name, count(distinct cm.user_id)::int as students,
                 coalesce(sum(s.minutes), 0)::int as minutes, coalesce(sum(s.pages), 0)::int as pages
            from classes
            left join class_memberships cm on cm.class_id = classes.id and cm.left_at is null
            left join month s on s.user_id = cm.user_id
           where ${classesInScope(staff)} and classes.status = 'OPEN'
           group by classes.id, classes.name order by classes.name, classes.id`,
    ),
    billingState(staff.organisationId, month),
  ]);
  const attainment = await classAttainment(
    byClass.map((c) => Number(c.id)),
    month,
  );

  const perDay = new Map(byDay.map((d) => [d.day, Number(d.minutes)]));
  return {
    month,
    today,
    activeReaders: Number(totals?.readers ?? 0),
    minutes: Number(totals?.minutes ?? 0),
    pages: Number(totals?.pages ?? 0),
    booksCompleted: Number(counts?.completed ?? 0),
    notesWaiting: Number(counts?.notes ?? 0),
    minutesPerDay: monthDays(month, today).map((day) => ({ day, minutes: perDay.get(day) ?? 0 })),
    stopped: {
      total: Number(stopped[0]?.total ?? 0),
      students: stopped.map(({ total: _total, ...s }) => ({ ...s, id: Number(s.id) })),
    },
    waitingForMethod: {
      total: Number(waitingMethod[0]?.total ?? 0),
      books: waitingMethod.map(({ total: _total, ...b }) => ({
        ...b,
        resultBookId: Number(b.resultBookId),
        studentId: Number(b.studentId),
      })),
    },
    classes: byClass.map((c) => {
      const a = attainment.get(Number(c.id));
      return {
        id: Number(c.id),
        name: c.name,
        students: Number(c.students),
        minutes: Number(c.minutes),
        pages: Number(c.pages),
        /** This month's goal and how many of the class's students reached it (a count, never a ranking). */
        goal: a ? { text: goalText(a.goal), reached: a.reached, students: a.students } : null,
      };
    }),
    /** This month's BASIC payment is made (the basicPay guard of the staff's pages). */
    basicPaid: bill?.basicPaid ?? false,
    /** The month's billing state, as the payments page and the operators' lists read it: a HEAD's only. */
    billing:
      bill && isHead(staff)
        ? {
            state: bill.state,
            label: bill.words.headline,
            detail: bill.words.detail,
            due: bill.due ? won(bill.due) : null,
            pending: bill.pending ? won(bill.pending) : null,
            unpaid: bill.lines.filter((l) => l.state !== 'paid').map((l) => l.label),
          }
        : null,
    head: isHead(staff),
  };
}

export type AcademyDashboard = Awaited<ReturnType<typeof academyDashboard>>;
