import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db, executeRows } from '~/db/client.server';
import { agencies, organisations, payments, settlements, users } from '~/db/schema';
import { SettlementStatus, type PaymentMethod, type Tier } from '~/domain/enums';

// A month's settlement lines (settlement-report.server.ts reads them into the report, settlement-export.server.ts into
// the spreadsheet): the lines themselves, in the report's order, in batches for the streamed CSV, and grouped by
// academy and status for the page's figures; and the rules a line counts by (WAITING and SUCCESS are the settlement,
// a REFUND line already paid out is to be recovered).

export type SettlementLine = {
  id: number;
  paymentId: number;
  orderId: string;
  tier: Tier;
  method: PaymentMethod;
  approvedAt: Date | null;
  month: string;
  academyId: number;
  academyName: string;
  branchId: number;
  branchName: string;
  agencyId: number | null;
  agencyName: string | null;
  baseAmount: number;
  branchRate: number;
  agencyRate: number;
  branchAmount: number;
  agencyAmount: number;
  status: SettlementStatus;
  paidOutAt: Date | null;
  paidOutBy: string | null;
  /** A REFUND line that had been paid out: its shares are to be recovered. */
  toRecover: boolean;
};

export type Totals = { count: number; base: number; branchAmount: number; agencyAmount: number };

export const zero = (): Totals => ({ count: 0, base: 0, branchAmount: 0, agencyAmount: 0 });

/** A line (or a group of lines of one status) counts in the settlement: WAITING and SUCCESS. */
export const counts = (line: { status: SettlementStatus }) =>
  line.status === SettlementStatus.WAITING || line.status === SettlementStatus.SUCCESS;

/** A REFUND line that had been paid out: its shares are to be recovered from the branch. */
const toRecover = (status: SettlementStatus, paidOut: boolean) => status === SettlementStatus.REFUND && paidOut;

/** Adds figures (a group of lines, a total) to a total. */
export function addTotals(t: Totals, f: Totals) {
  t.count += f.count;
  t.base += f.base;
  t.branchAmount += f.branchAmount;
  t.agencyAmount += f.agencyAmount;
}

/** Adds a line to a total. */
export function add(t: Totals, line: SettlementLine) {
  addTotals(t, { count: 1, base: line.baseAmount, branchAmount: line.branchAmount, agencyAmount: line.agencyAmount });
}

export type ReportScope = { branchId: number | null; month: string; academyId?: number | null };

/**
 * The month's lines of one branch (or all, branchId null) in the report's order (branch, academy, line), optionally
 * those of some academies only, from after the line `after` on (its branch name, academy name and id) and at most
 * `limit` of them.
 */
export async function linesQuery(
  scope: ReportScope & { academyIds?: number[] },
  after?: SettlementLine,
  limit?: number,
): Promise<SettlementLine[]> {
  const academy = alias(organisations, 'academy');
  const branch = alias(organisations, 'branch');
  const where: SQL[] = [eq(settlements.month, scope.month)];
  if (scope.branchId !== null) where.push(eq(settlements.branchId, scope.branchId));
  if (scope.academyId) where.push(eq(settlements.academyId, scope.academyId));
  if (scope.academyIds) where.push(inArray(settlements.academyId, scope.academyIds));
  if (after)
    where.push(sql`(${branch.name}, ${academy.name}, ${settlements.id}) > (${after.branchName}, ${after.academyName}, ${after.id})`);
  const query = db()
    .select({
      id: settlements.id,
      paymentId: settlements.paymentId,
      orderId: payments.orderId,
      tier: payments.tier,
      method: payments.method,
      approvedAt: payments.approvedAt,
      month: settlements.month,
      academyId: settlements.academyId,
      academyName: academy.name,
      branchId: settlements.branchId,
      branchName: branch.name,
      agencyId: settlements.agencyId,
      agencyName: agencies.name,
      baseAmount: settlements.baseAmount,
      branchRate: settlements.branchRate,
      agencyRate: settlements.agencyRate,
      branchAmount: settlements.branchAmount,
      agencyAmount: settlements.agencyAmount,
      status: settlements.status,
      paidOutAt: settlements.paidOutAt,
      paidOutBy: users.name,
    })
    .from(settlements)
    .innerJoin(payments, eq(payments.id, settlements.paymentId))
    .innerJoin(academy, eq(academy.id, settlements.academyId))
    .innerJoin(branch, eq(branch.id, settlements.branchId))
    .leftJoin(agencies, eq(agencies.id, settlements.agencyId))
    .leftJoin(users, eq(users.id, settlements.paidOutByUserId))
    .where(and(...where))
    .orderBy(asc(branch.name), asc(academy.name), asc(settlements.id));
  const rows = await (limit ? query.limit(limit) : query);
  return rows.map((r) => ({ ...r, toRecover: toRecover(r.status, r.paidOutAt !== null) }));
}

/** The month's lines of one branch (or all, branchId null), oldest payment first. */
export async function settlementLines(scope: ReportScope): Promise<SettlementLine[]> {
  return linesQuery(scope);
}

/**
 * The same lines as settlementLines, `size` at a time (each batch one query from where the last one stopped), for an
 * export that streams: memory holds one batch whatever the number of academies.
 */
export async function* settlementLineBatches(scope: ReportScope, size = 500): AsyncGenerator<SettlementLine[]> {
  let after: SettlementLine | undefined;
  for (;;) {
    const batch = await linesQuery(scope, after, size);
    if (batch.length) yield batch;
    if (batch.length < size) return;
    after = batch[batch.length - 1];
  }
}

/** Lines grouped by branch and status (and paid out or not): their count and sums, and whether they are to be recovered. */
export type BranchGroup = Totals & { branchId: number; branchName: string; status: SettlementStatus; toRecover: boolean };

/** Lines grouped by academy (with its branch and agency) and status: a branch's month. */
type LineGroup = BranchGroup & { academyId: number; academyName: string; agencyId: number | null; agencyName: string | null };

/** A grouped row as a group: its sums as numbers (PostgreSQL's bigint sums come back as text), and whether to recover. */
function asGroup<R extends { status: number; paidOut: boolean } & Record<keyof Totals, number | string>>({ paidOut, ...r }: R) {
  const status = Number(r.status) as SettlementStatus;
  return {
    ...r,
    status,
    toRecover: toRecover(status, Boolean(paidOut)),
    count: Number(r.count),
    base: Number(r.base),
    branchAmount: Number(r.branchAmount),
    agencyAmount: Number(r.agencyAmount),
  };
}

/**
 * The month's lines grouped (one query, a row per academy, status and paid-out-or-not; a country's month is about
 * 2,000 groups), in the report's order (branch, academy). The page's figures are folded from them with the rules the
 * lines use (counts, addTotals), so the page and the spreadsheet's totals agree.
 */
export async function lineGroups(scope: ReportScope): Promise<LineGroup[]> {
  const academy = alias(organisations, 'academy');
  const branch = alias(organisations, 'branch');
  const where: SQL[] = [eq(settlements.month, scope.month)];
  if (scope.branchId !== null) where.push(eq(settlements.branchId, scope.branchId));
  const paidOut = sql<boolean>`(${settlements.paidOutAt} is not null)`;
  const rows = await db()
    .select({
      academyId: settlements.academyId,
      academyName: academy.name,
      branchId: settlements.branchId,
      branchName: branch.name,
      agencyId: settlements.agencyId,
      agencyName: agencies.name,
      status: settlements.status,
      paidOut,
      count: sql<number>`count(*)::int`,
      base: sql<number>`sum(${settlements.baseAmount})::bigint`,
      branchAmount: sql<number>`sum(${settlements.branchAmount})::bigint`,
      agencyAmount: sql<number>`sum(${settlements.agencyAmount})::bigint`,
    })
    .from(settlements)
    .innerJoin(academy, eq(academy.id, settlements.academyId))
    .innerJoin(branch, eq(branch.id, settlements.branchId))
    .leftJoin(agencies, eq(agencies.id, settlements.agencyId))
    .where(and(...where))
    .groupBy(
      settlements.academyId,
      academy.name,
      settlements.branchId,
      branch.name,
      settlements.agencyId,
      agencies.name,
      settlements.status,
      paidOut,
    )
    .orderBy(asc(branch.name), asc(academy.name), asc(settlements.academyId), asc(settlements.status));
  return rows.map(asGroup);
}

/**
 * Every branch's month grouped by branch, status and paid-out-or-not (one query: a row per branch and state, some
 * tens for a country, read off the month's lines by settlements_month_academy_idx). The operators' view of every
 * branch folds them with the same rules as a branch's report (foldBranches).
 */
export async function branchGroups(month: string): Promise<BranchGroup[]> {
  // Grouped by the branch's id first and named after (a row per branch and state): sorting the month's lines by name
  // would cost more than reading them.
  const rows = await executeRows<{
    branchId: number;
    branchName: string;
    status: SettlementStatus;
    paidOut: boolean;
    count: number | string;
    base: number | string;
    branchAmount: number | string;
    agencyAmount: number | string;
  }>(
    db(),
    sql`select g.branch_id as "branchId", b.name as "branchName", g.status, g.paid_out as "paidOut", g.count, g.base,
               g.branch_amount as "branchAmount", g.agency_amount as "agencyAmount"
          from (select s.branch_id, s.status, s.paid_out_at is not null as paid_out, count(*) as count,
                       sum(s.base_amount) as base, sum(s.branch_amount) as branch_amount, sum(s.agency_amount) as agency_amount
                  from settlements s where s.month = ${month}
                 group by s.branch_id, s.status, s.paid_out_at is not null) g
          join organisations b on b.id = g.branch_id
         order by b.name, g.branch_id, g.status`,
  );
  return rows.map((row) => ({ ...asGroup(row), branchId: Number(row.branchId) }));
}

export type BranchTotals = { branchId: number; branchName: string; waiting: Totals } & Totals;

/**
 * The figures of a month folded from groups of lines (a branch's groups by academy, or every branch's by branch): the
 * settlement's totals, what is to be recovered, the figures by status and by branch (with what waits to be paid out).
 */
export function foldBranches(groups: readonly BranchGroup[]) {
  const totals = zero();
  const recover = zero();
  const byStatus = new Map<number, Totals>();
  const branches = new Map<number, BranchTotals>();
  for (const group of groups) {
    const status = byStatus.get(group.status) ?? zero();
    addTotals(status, group);
    byStatus.set(group.status, status);
    if (group.toRecover) addTotals(recover, group);
    const b = branches.get(group.branchId) ?? { branchId: group.branchId, branchName: group.branchName, waiting: zero(), ...zero() };
    branches.set(group.branchId, b);
    if (!counts(group)) continue;
    addTotals(totals, group);
    addTotals(b, group);
    if (group.status === SettlementStatus.WAITING) addTotals(b.waiting, group);
  }
  return { totals, recover, byStatus, branches };
}
