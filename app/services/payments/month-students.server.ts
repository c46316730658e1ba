import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { db, executeRows } from '~/db/client.server';
import { academyMonths } from '~/db/schema';
import { now } from '~/lib/clock.server';
import { seoulMonth } from '~/lib/dates';

// An academy's active students month by month (decision 047). While a Seoul month is current its bill counts today's
// active students; once it has passed, it counts the students recorded for it: the job runner records every academy's
// count for the current month each hour (catalogue.server.ts, `month-students`), so a month's last record, taken within
// the hour of its end, is what its bill (the student packs ADD1/ADD2) and the settlement read afterwards.

/**
 * Whether an academy's `month` is billed with its recorded students (a month that has passed) rather than today's active
 * students (the current month, or a month without a record). The bills (billingStates) and the settlement month's
 * total (branch.server.ts) both ask it.
 */
export const billedWithRecord = (month: string, at: Date = now()) => month < seoulMonth(at);

/** How often the current month's counts are recorded. */
export const MONTH_STUDENTS_EVERY_MS = 60 * 60_000;

/**
 * Records, for every academy that is not closed, its active students as the count of the Seoul month of `at` (one
 * statement whatever the number of academies; a later record of the month replaces an earlier one). Returns how many
 * academies were recorded.
 */
export async function recordMonthStudents(at: Date = now()): Promise<number> {
  const month = seoulMonth(at);
  const rows = await executeRows<{ organisation_id: number }>(
    db(),
    sql`insert into academy_months (organisation_id, month, active_students, recorded_at)
        select o.id, ${month}, count(u.id) filter (where u.role = 'USER' and u.status = 'ACTIVE')::int, ${at}::timestamptz
          from organisations o left join users u on u.organisation_id = o.id
         where o.kind = 'academy' and o.status <> 'CLOSED'
         group by o.id
        on conflict (organisation_id, month)
        do update set active_students = excluded.active_students, recorded_at = excluded.recorded_at
        returning organisation_id`,
  );
  return rows.length;
}

/** The recorded active students of `month` of each academy in `ids` that has a record (one query). */
export async function recordedMonthStudents(ids: number[], month: string): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db()
    .select({ id: academyMonths.organisationId, students: academyMonths.activeStudents })
    .from(academyMonths)
    .where(and(inArray(academyMonths.organisationId, ids), eq(academyMonths.month, month), isNotNull(academyMonths.activeStudents)));
  return new Map(rows.map((r) => [r.id, r.students!]));
}
