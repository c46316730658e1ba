import { sql } from 'drizzle-orm';
import { db, executeRows } from '~/db/client.server';
import type { OrganisationStatus } from '~/db/schema';
import { billedWithRecord } from '../payments/month-students.server';
import { pageCount, pageNumber } from '../paged-list.server';
import { payerMonths, type PayerMonth } from './organisation-bills.server';

// A branch's (지사) home: its region's academies, their students' reading in a Seoul month and where the month's bill
// stands, a page of academies at a time with the totals of all of them. The reading comes from the academy-month
// rollup (academy_months' reading columns, drizzle/0023, decision 048): one row per academy and month, so the month of
// 2,000 academies reads 2,000 rows for its totals and a page's rows for the table, not a row per student. The bills
// of a page's academies come from the one billing state (billing-state.server.ts) the head's payments page and the
// operators' academy list read. Operators (branchId null) see every branch.

/** Academies on a page of the branch's month (their reading, and the settlement's academies and lines). */
export const ACADEMIES_PER_PAGE = 20;

export type Activity = {
  /** Active students of the month, as its bill counts them (today's for the current month, the record for a past one). */
  students: number;
  readers: number;
  minutes: number;
  pages: number;
  completed: number;
};

export type AcademyActivity = Activity & {
  academyId: number;
  academyName: string;
  branchName: string | null;
  agencyName: string | null;
  /** The academy's bill for the month, as the head's payments page and the operators' list show it. */
  bill: PayerMonth;
};

export type BranchActivity = {
  /** The page's academies, by branch then name. */
  rows: AcademyActivity[];
  /** Every academy of the branch (or of every branch), not only the page's. */
  total: Activity;
  academies: number;
  page: number;
  pages: number;
};

type Scope = { branchId: number | null; month: string };

/** The academies of the scope, with their branch's name (the order of the table). */
const scopeAcademies = ({ branchId }: Scope) => sql`
  select o.id, o.name, o.status, o.agency_id, b.name as branch_name
    from organisations o left join organisations b on b.id = o.branch_id
   where o.kind = 'academy' and (${branchId}::int is null or o.branch_id = ${branchId}::int)`;

/** A sum or count as PostgreSQL returns it (bigint as text, null over no rows) as a number. */
const n = (v: number | string | null | undefined) => Number(v ?? 0);

/** Active students of an academy (`o`) today: users_organisation_role_idx, index only. */
const activeStudents = sql`(select count(*) from users u where u.organisation_id = o.id and u.role = 'USER' and u.status = 'ACTIVE')`;

/**
 * The totals of every academy of the scope: the rollup's reading summed, and the students the month's bills count (the
 * recorded students of a past month, today's where the month has none or is current: billedWithRecord, as the bills).
 */
async function activityTotal(scope: Scope): Promise<Activity & { academies: number }> {
  const recorded = billedWithRecord(scope.month);
  const [row] = await executeRows<Record<keyof Activity | 'academies', number | string | null>>(
    db(),
    sql`
    select count(*) as academies,
           sum(coalesce(m.readers, 0)) as readers, sum(coalesce(m.minutes, 0)) as minutes, sum(coalesce(m.pages, 0)) as pages,
           sum(coalesce(m.completed, 0)) as completed,
           -- Today's students are counted only where the record is not used (a subquery in a CASE runs only when its
           -- branch is taken): a past month of 2,000 recorded academies counts none.
           sum(case when ${recorded}::boolean and m.active_students is not null then m.active_students else ${activeStudents} end) as students
      from (${scopeAcademies(scope)}) o
      left join academy_months m on m.organisation_id = o.id and m.month = ${scope.month}`,
  );
  return {
    academies: n(row?.academies),
    students: n(row?.students),
    readers: n(row?.readers),
    minutes: n(row?.minutes),
    pages: n(row?.pages),
    completed: n(row?.completed),
  };
}

/** The academies of page `page` with their month's reading and today's active students (ids first, then their rows). */
async function activityPage(scope: Scope, limit: number, offset: number) {
  return executeRows<{
    academyId: number;
    academyName: string;
    status: OrganisationStatus;
    branchName: string | null;
    agencyName: string | null;
    active: number;
    readers: number;
    minutes: number;
    pages: number;
    completed: number;
  }>(
    db(),
    sql`
    with page as materialized (
      select s.* from (${scopeAcademies(scope)}) s order by s.branch_name nulls last, s.name, s.id limit ${limit} offset ${offset}
    )
    select o.id as "academyId", o.name as "academyName", o.status, o.branch_name as "branchName", a.name as "agencyName",
           ${activeStudents}::int as active,
           coalesce(m.readers, 0) as readers, coalesce(m.minutes, 0) as minutes, coalesce(m.pages, 0) as pages,
           coalesce(m.completed, 0) as completed
      from page o
      left join agencies a on a.id = o.agency_id
      left join academy_months m on m.organisation_id = o.id and m.month = ${scope.month}
     order by o.branch_name nulls last, o.name, o.id`,
  );
}

/**
 * The month of a branch's (or every branch's, branchId null) academies: page `page` of them (ACADEMIES_PER_PAGE, by
 * branch then name) with their reading and bill, and the totals of all of them.
 */
export async function branchActivity(branchId: number | null, month: string, page = 1, size = ACADEMIES_PER_PAGE): Promise<BranchActivity> {
  const scope = { branchId, month };
  const asked = pageNumber(page);
  const [total, askedRows] = await Promise.all([activityTotal(scope), activityPage(scope, size, (asked - 1) * size)]);
  const pages = pageCount(total.academies, size);
  const current = Math.min(asked, pages);
  // A page past the last (an old link) shows the last one.
  const rows = current === asked ? askedRows : await activityPage(scope, size, (current - 1) * size);
  const bills = await payerMonths(
    'academy',
    rows.map((r) => ({ id: r.academyId, status: r.status, activeStudents: Number(r.active) })),
    month,
  );
  const { academies, ...figures } = total;
  return {
    rows: rows.map(({ status: _status, active: _active, ...r }) => ({
      ...r,
      bill: bills.get(r.academyId)!,
      // The students the month's bill counts: a past month's recorded count, not today's (decision 047).
      students: bills.get(r.academyId)!.students,
      readers: Number(r.readers),
      minutes: Number(r.minutes),
      pages: Number(r.pages),
      completed: Number(r.completed),
    })),
    total: figures,
    academies,
    page: current,
    pages,
  };
}

export type BranchReading = Omit<Activity, 'students'> & { branchId: number | null; branchName: string | null; academies: number };

/**
 * Every branch's month of reading, branch by branch (the operators' country view, decision 049): its academies and
 * the rollup's reading summed per branch, every branch (one without academies too) and a row for academies without
 * one. One query over the month's academy rows: a branch-level counter would be a row every reading of a hundred
 * academies writes. The students the bills count are on a branch's own month, beside each academy's bill.
 */
export async function branchesReading(
  month: string,
): Promise<{ rows: BranchReading[]; total: Omit<BranchReading, 'branchId' | 'branchName'> }> {
  const rows = await executeRows<
    Record<'branchId' | 'academies' | 'readers' | 'minutes' | 'pages' | 'completed', number | string | null> & {
      branchName: string | null;
    }
  >(
    db(),
    sql`
    select coalesce(b.id, x.branch_id) as "branchId", b.name as "branchName", coalesce(x.academies, 0) as academies,
           x.readers, x.minutes, x.pages, x.completed
      from (select o.branch_id, count(*) as academies, sum(coalesce(m.readers, 0)) as readers,
                   sum(coalesce(m.minutes, 0)) as minutes, sum(coalesce(m.pages, 0)) as pages,
                   sum(coalesce(m.completed, 0)) as completed
              from organisations o left join academy_months m on m.organisation_id = o.id and m.month = ${month}
             where o.kind = 'academy'
             group by o.branch_id) x
      -- Every branch, one without academies too (0곳); academies without a branch last.
      full join (select id, name from organisations where kind = 'branch') b on b.id = x.branch_id
     order by b.name nulls last, coalesce(b.id, x.branch_id)`,
  );
  const branches = rows.map((r) => ({
    branchId: r.branchId == null ? null : n(r.branchId),
    branchName: r.branchName,
    academies: n(r.academies),
    readers: n(r.readers),
    minutes: n(r.minutes),
    pages: n(r.pages),
    completed: n(r.completed),
  }));
  const total = { academies: 0, readers: 0, minutes: 0, pages: 0, completed: 0 };
  for (const b of branches) for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += b[key];
  return { rows: branches, total };
}
