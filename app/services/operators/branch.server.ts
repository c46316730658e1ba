import { sql } from 'drizzle-orm';
import { db, executeRows } from '~/db/client.server';
import type { OrganisationStatus } from '~/db/schema';
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
  /** Active students of the month, as its bill counts them (today's for the current month). */
  students: number;
  readers: number;
  minutes: number;
  pages: number;
  completed: number;
  /** The academy's bill for the month, as the head's payments page and the operators' list show it. */
  bill: PayerMonth;
};

export async function branchActivity(branchId: number | null, month: string): Promise<AcademyActivity[]> {
  // The month's figures come from reading_months (a row per student and month, kept by triggers: drizzle/0019), so
  // a month of 2,000 academies reads one row per student, not every reading record (docs/decisions/042).
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
    -- The academies' students are reached from organisations (not through the CTE, whose size the planner cannot
    -- see) by users_organisation_role_idx (drizzle/0021), index only: one branch reads its own students, not all.
    members as (
      select u.organisation_id as academy_id,
             count(*) filter (where u.role = 'USER' and u.status = 'ACTIVE') as students
        from organisations o join users u on u.organisation_id = o.id
       where o.kind = 'academy' and (${branchId}::int is null or o.branch_id = ${branchId}::int)
       group by u.organisation_id
    ),
    month as (
      select u.organisation_id as academy_id, count(*) filter (where m.sessions > 0) as readers,
             sum(m.minutes) as minutes, sum(m.pages) as pages, sum(m.completed) as completed
        from organisations o join users u on u.organisation_id = o.id join reading_months m on m.user_id = u.id
       where m.month = ${month} and o.kind = 'academy' and (${branchId}::int is null or o.branch_id = ${branchId}::int)
       group by u.organisation_id
    )
    select a.id as "academyId", a.name as "academyName", a.status, a.branch_name as "branchName", a.agency_name as "agencyName",
           coalesce(s.students, 0)::int as students, coalesce(m.readers, 0)::int as readers,
           coalesce(m.minutes, 0)::int as minutes, coalesce(m.pages, 0)::int as pages, coalesce(m.completed, 0)::int as completed
      from academies a
      left join members s on s.academy_id = a.id
      left join month m on m.academy_id = a.id
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
    // The students the month's bill counts: a past month's recorded count, not today's (decision 047).
    students: bills.get(r.academyId)!.students,
    readers: Number(r.readers),
    minutes: Number(r.minutes),
    pages: Number(r.pages),
    completed: Number(r.completed),
  }));
}
