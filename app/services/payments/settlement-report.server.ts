import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { config } from '~/config.server';
import { db } from '~/db/client.server';
import { agencies, organisations, payments, settlements, users } from '~/db/schema';
import { SettlementStatus, type PaymentMethod, type Tier } from '~/domain/enums';
import { OPERATOR_PAYMENT_MESSAGES as M } from '~/domain/operator-payments';
import { SETTLEMENT_STATUS_LABELS } from '~/domain/payments';
import { now } from '~/lib/clock.server';
import { addMonths, seoulMonth } from '~/lib/dates';
import { positiveInt } from '~/lib/numbers';
import { DomainError } from '~/lib/errors';
import { pageCount, pageNumber } from '~/services/paged-list.server';
import { recordAudit } from '~/services/operators/audit.server';
import type { Operator, Origin } from '~/services/operators/users.server';

// A branch's settlement (issue 14; product.md §3): the settlement lines of its region's academy payments for a Seoul
// month, by academy and by agency, with totals, the lines themselves, the figures of the tax invoice for the shares,
// and the same table as a spreadsheet (settlement-export.server.ts). A BRANCH user's report is its own branch's (the caller passes the user's
// organisation); operators see every branch, or one, and mark a branch's month paid out.
//
// What counts: lines WAITING (to pay out) and SUCCESS (paid out) are the settlement; REFUND and CANCEL lines are shown
// but count for nothing, and a REFUND line that had already been paid out is money to recover from the branch.

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

/** 공급가액 and 세액 of an amount that includes 10 % VAT. */
export function vatSplit(total: number) {
  const supply = Math.round(total / 1.1);
  return { total, supply, vat: total - supply };
}

export type ReportScope = { branchId: number | null; month: string; academyId?: number | null };

/**
 * The month's lines of one branch (or all, branchId null) in the report's order (branch, academy, line), optionally
 * those of some academies only, from after the line `after` on (its branch name, academy name and id) and at most
 * `limit` of them.
 */
async function linesQuery(
  scope: ReportScope & { academyPage?: { limit: number; offset: number } },
  after?: SettlementLine,
  limit?: number,
): Promise<SettlementLine[]> {
  const academy = alias(organisations, 'academy');
  const branch = alias(organisations, 'branch');
  const where: SQL[] = [eq(settlements.month, scope.month)];
  if (scope.branchId !== null) where.push(eq(settlements.branchId, scope.branchId));
  if (scope.academyId) where.push(eq(settlements.academyId, scope.academyId));
  if (scope.academyPage) {
    // The academies of one page of the report's academies (settlementReport: by branch name, then academy name; an
    // academy whose lines are under two branches sits at its first), ranked here so that the page's lines are read
    // alongside the groups rather than after them.
    const { limit: size, offset } = scope.academyPage;
    where.push(
      sql`${settlements.academyId} in (
        select s.academy_id from settlements s join organisations a on a.id = s.academy_id join organisations b on b.id = s.branch_id
         where s.month = ${scope.month} and (${scope.branchId}::int is null or s.branch_id = ${scope.branchId}::int)
         group by s.academy_id, a.name order by min(b.name), a.name, s.academy_id limit ${size} offset ${offset})`,
    );
  }
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

/** The month's lines of a scope grouped by academy (with its branch and agency) and status: counts and sums. */
type LineGroup = Totals & {
  academyId: number;
  academyName: string;
  branchId: number;
  branchName: string;
  agencyId: number | null;
  agencyName: string | null;
  status: SettlementStatus;
  toRecover: boolean;
};

/**
 * The month's lines grouped (one query, a row per academy, status and paid-out-or-not; a country's month is about
 * 2,000 groups), in the report's order (branch, academy). The page's figures are folded from them with the rules the
 * lines use (counts, addTotals), so the page and the spreadsheet's totals agree.
 */
async function lineGroups(scope: ReportScope): Promise<LineGroup[]> {
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
  return rows.map(({ paidOut: paid, ...r }) => ({
    ...r,
    toRecover: toRecover(r.status, Boolean(paid)),
    count: Number(r.count),
    base: Number(r.base),
    branchAmount: Number(r.branchAmount),
    agencyAmount: Number(r.agencyAmount),
  }));
}

/**
 * The branch's (or every branch's) settlement of a month: summaries, totals, the academies and agencies, the lines,
 * the invoice figures. With `paging`, the academies' table and the lines are those of one page of academies (the
 * summaries, totals and agencies still of all of them); without, every academy and line (the spreadsheet).
 */
export async function settlementReport(scope: ReportScope, paging?: { page: number; size: number }) {
  const scoped = { branchId: scope.branchId, month: scope.month };
  const size = paging?.size ?? 1;
  const academyPage = (page: number) => ({ limit: size, offset: (page - 1) * size });
  const asked = pageNumber(paging?.page ?? 1);
  // The lines shown: one academy's when the page drills into it, the page's academies', or every line; read alongside
  // the groups.
  const [groups, askedLines] = await Promise.all([
    lineGroups(scope),
    scope.academyId
      ? linesQuery({ ...scoped, academyId: scope.academyId })
      : paging
        ? linesQuery({ ...scoped, academyPage: academyPage(asked) })
        : linesQuery(scoped),
  ]);
  const totals = zero();
  const recover = zero();
  const byStatus = new Map<number, Totals>();
  const academies = new Map<
    number,
    { academyId: number; academyName: string; branchName: string; agencyName: string | null; lines: number } & Totals
  >();
  const agencyRows = new Map<
    string,
    { agencyId: number | null; agencyName: string; branchName: string; academies: Set<number> } & Totals
  >();
  const branches = new Map<number, { branchId: number; branchName: string; waiting: Totals } & Totals>();
  for (const group of groups) {
    const status = byStatus.get(group.status) ?? zero();
    addTotals(status, group);
    byStatus.set(group.status, status);
    if (group.toRecover) addTotals(recover, group);
    const a = academies.get(group.academyId) ?? {
      academyId: group.academyId,
      academyName: group.academyName,
      branchName: group.branchName,
      agencyName: group.agencyName,
      lines: 0,
      ...zero(),
    };
    a.lines += group.count;
    academies.set(group.academyId, a);
    const agencyKey = `${group.branchId}:${group.agencyId ?? '-'}`;
    const g = agencyRows.get(agencyKey) ?? {
      agencyId: group.agencyId,
      agencyName: group.agencyName ?? '대리점 없음',
      branchName: group.branchName,
      academies: new Set<number>(),
      ...zero(),
    };
    g.academies.add(group.academyId);
    agencyRows.set(agencyKey, g);
    const b = branches.get(group.branchId) ?? { branchId: group.branchId, branchName: group.branchName, waiting: zero(), ...zero() };
    branches.set(group.branchId, b);
    if (!counts(group)) continue;
    addTotals(totals, group);
    addTotals(a, group);
    addTotals(g, group);
    addTotals(b, group);
    if (group.status === SettlementStatus.WAITING) addTotals(b.waiting, group);
  }
  const allAcademies = [...academies.values()];
  const pages = paging ? pageCount(allAcademies.length, paging.size) : 1;
  const page = paging ? Math.min(asked, pages) : 1;
  const shown = paging ? allAcademies.slice((page - 1) * paging.size, page * paging.size) : allAcademies;
  // A page past the last (an old link) shows the last page's lines.
  const lines = paging && !scope.academyId && page !== asked ? await linesQuery({ ...scoped, academyPage: academyPage(page) }) : askedLines;
  const business = config().business;
  return {
    month: scope.month,
    lines,
    academies: shown,
    /** Every academy with lines in the month (the page's are `academies`). */
    academyCount: allAcademies.length,
    /** The academy the page drills into (`scope.academyId`), wherever its page is. */
    drilled: scope.academyId ? (academies.get(scope.academyId) ?? null) : null,
    page,
    pages,
    agencies: [...agencyRows.values()].map(({ academies: set, ...g }) => ({ ...g, academyCount: set.size })),
    branches: [...branches.values()],
    totals,
    recover,
    byStatus: [SettlementStatus.WAITING, SettlementStatus.SUCCESS, SettlementStatus.REFUND, SettlementStatus.CANCEL].map((s) => ({
      status: s,
      label: SETTLEMENT_STATUS_LABELS[s],
      ...(byStatus.get(s) ?? zero()),
    })),
    invoice: {
      branch: vatSplit(totals.branchAmount),
      agency: vatSplit(totals.agencyAmount),
      buyer: {
        name: business.name,
        ceo: business.ceo,
        registrationNo: business.registrationNo,
        address: business.address,
        email: business.email,
        example: business.example,
      },
    },
  };
}

export type SettlementReport = Awaited<ReturnType<typeof settlementReport>>;

/**
 * Operators pay a branch's month out: its WAITING lines turn SUCCESS with the time and the operator (audited). Throws
 * when nothing is waiting.
 */
export async function markPaidOut(operator: Operator, branchId: number, month: string, origin: Origin) {
  return db().transaction(async (tx) => {
    const rows = await tx
      .update(settlements)
      .set({ status: SettlementStatus.SUCCESS, paidOutAt: now(), paidOutByUserId: operator.id, updatedAt: now() })
      .where(and(eq(settlements.branchId, branchId), eq(settlements.month, month), inArray(settlements.status, [SettlementStatus.WAITING])))
      .returning({ id: settlements.id, branchAmount: settlements.branchAmount, agencyAmount: settlements.agencyAmount });
    if (rows.length === 0) throw new DomainError('PAYOUT_NOTHING', M.payoutNothing, 409);
    const sum = rows.reduce((t, r) => ({ branch: t.branch + r.branchAmount, agency: t.agency + r.agencyAmount }), { branch: 0, agency: 0 });
    await recordAudit(tx, operator, origin, {
      action: 'settlement.payout',
      targetType: 'organisation',
      targetId: branchId,
      after: { month, lines: rows.length, branchAmount: sum.branch, agencyAmount: sum.agency },
    });
    return { lines: rows.length, ...sum };
  });
}

/** Branches for the operators' filter. */
export async function branchChoices() {
  return db()
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.kind, 'branch'))
    .orderBy(asc(organisations.name));
}

/**
 * The month (one of the last 24 Seoul months; this month otherwise), the branch and the academy a request asks for.
 * A BRANCH user's organisation is its branch and the only one it sees (none: -1, which matches nothing); operators
 * (ADMIN1, ADMIN2) choose one with `?branch=` or see every branch (null).
 */
export function settlementScope(user: { authorities: readonly string[]; organisationId: number | null }, url: URL, at: Date = now()) {
  const current = seoulMonth(at);
  const asked = url.searchParams.get('month') ?? '';
  const months = Array.from({ length: 24 }, (_, i) => addMonths(current, -i));
  const month = months.includes(asked) ? asked : current;
  const allBranches = user.authorities.includes('ADMIN1') || user.authorities.includes('ADMIN2');
  const branchId = allBranches ? positiveInt(url.searchParams.get('branch')) : (user.organisationId ?? -1);
  const academyId = positiveInt(url.searchParams.get('academy'));
  return { month, months, allBranches, branchId, academyId };
}
