import { sql } from 'drizzle-orm';
import { db, executeRows } from '~/db/client.server';
import { BookStatus } from '~/domain/enums';
import type { OrganisationStatus } from '~/db/schema';
import { addMonths } from '~/lib/dates';
import { payerMonths, type PayerMonth } from './organisation-bills.server';

// A branch's (지사) home: its region's academies, their students' reading in a Seoul month and where the month's bill
// stands. One query for the reading table, whatever the number of academies and records, and the bills of every row
// from the one billing state (billing-state.server.ts) the head's payments page and the operators' academy list read.
// Operators (branchId null) see every branch.

export type AcademyActivity = {
  academyId: number;
  academyName: string;
  branchName: string | null;
  agencyName: string | null;
  students: number;
  readers: number;
  minutes: number;
  pages: number;
  completed: number;
  /** The academy's bill for the month, as the head's payments page and the operators' list show it. */
  bill: PayerMonth;
};

export async function branchActivity(branchId: number | null, month: string): Promise<AcademyActivity[]> {
  const from = `${month}-01`;
  const to = `${addMonths(month, 1)}-01`;
  const rows = await executeRows<Omit<AcademyActivity, 'bill'> & { status: OrganisationStatus }>(
    db(),
    sql`
    with academies as (
      select o.id, o.name, o.status, b.name as branch_name, a.name as agency_name
        from organisations o
        left join organisations b on b.id = o.branch_id
        left join agencies a on a.id = o.agency_id
       where o.kind = 'academy' and (${branchId}::int is null or o.branch_id = ${branchId}::int)
    ),
    sessions as (
      select u.organisation_id as academy_id, rr.user_id, rr.minutes::int as minutes, (rr.end_page - rr.start_page + 1)::int as pages
        from reading_records rr join users u on u.id = rr.user_id
       where rr.read_date >= ${from}::date and rr.read_date < ${to}::date
      union all
      select u.organisation_id, np.user_id, np.minutes::int, 0
        from no_page_progress np join users u on u.id = np.user_id
       where np.read_date >= ${from}::date and np.read_date < ${to}::date
    )
    select a.id as "academyId", a.name as "academyName", a.status, a.branch_name as "branchName", a.agency_name as "agencyName",
           (select count(*) from users u where u.organisation_id = a.id and u.role = 'USER' and u.status = 'ACTIVE')::int as students,
           (select count(distinct s.user_id) from sessions s where s.academy_id = a.id)::int as readers,
           coalesce((select sum(s.minutes) from sessions s where s.academy_id = a.id), 0)::int as minutes,
           coalesce((select sum(s.pages) from sessions s where s.academy_id = a.id), 0)::int as pages,
           (select count(*) from result_books rb join users u on u.id = rb.user_id
             where u.organisation_id = a.id and rb.status = ${BookStatus.COMPLETE}
               and rb.completed_at >= (${from}::date)::timestamp at time zone 'Asia/Seoul'
               and rb.completed_at < (${to}::date)::timestamp at time zone 'Asia/Seoul')::int as completed
      from academies a
     order by a.branch_name nulls last, a.name`,
  );
  const bills = await payerMonths(
    'academy',
    rows.map((r) => ({ id: r.academyId, status: r.status, activeStudents: Number(r.students) })),
    month,
  );
  return rows.map(({ status: _status, ...r }) => ({
    ...r,
    bill: bills.get(r.academyId)!,
    students: Number(r.students),
    readers: Number(r.readers),
    minutes: Number(r.minutes),
    pages: Number(r.pages),
    completed: Number(r.completed),
  }));
}
