import { and, asc, eq, inArray } from 'drizzle-orm';
import { config } from '~/config.server';
import { db } from '~/db/client.server';
import { organisations, settlements } from '~/db/schema';
import { SettlementStatus } from '~/domain/enums';
import { OPERATOR_PAYMENT_MESSAGES as M } from '~/domain/operator-payments';
import { SETTLEMENT_STATUS_LABELS } from '~/domain/payments';
import { now } from '~/lib/clock.server';
import { addMonths, seoulMonth } from '~/lib/dates';
import { positiveInt } from '~/lib/numbers';
import { DomainError } from '~/lib/errors';
import { pageCount, pageNumber } from '~/services/paged-list.server';
import { recordAudit } from '~/services/operators/audit.server';
import {
  addTotals,
  branchGroups,
  counts,
  foldBranches,
  lineGroups,
  linesQuery,
  zero,
  type ReportScope,
  type Totals,
} from './settlement-lines.server';
import type { Operator, Origin } from '~/services/operators/users.server';

// A branch's settlement (issue 14; product.md §3): the settlement lines of its region's academy payments for a Seoul
// month, by academy and by agency, with totals, the lines themselves, the figures of the tax invoice for the shares,
// and the same table as a spreadsheet (settlement-export.server.ts); the lines are read by settlement-lines.server.ts.
// A BRANCH user's report is its own branch's (the caller passes the user's organisation); operators see every branch
// (countrySettlement), or one, and mark a branch's month paid out.
//
// What counts: lines WAITING (to pay out) and SUCCESS (paid out) are the settlement; REFUND and CANCEL lines are shown
// but count for nothing, and a REFUND line that had already been paid out is money to recover from the branch.

/** 공급가액 and 세액 of an amount that includes 10 % VAT. */
export function vatSplit(total: number) {
  const supply = Math.round(total / 1.1);
  return { total, supply, vat: total - supply };
}

/**
 * The branch's (or every branch's) settlement of a month: summaries, totals, the academies and agencies, the lines,
 * the invoice figures. With `paging`, the academies' table and the lines are those of one page of academies (the
 * summaries, totals and agencies still of all of them); without, every academy and line (the spreadsheet).
 */
export async function settlementReport(scope: ReportScope, paging?: { page: number; size: number }) {
  const scoped = { branchId: scope.branchId, month: scope.month };
  // The lines shown: one academy's when the page drills into it (read alongside the groups), every line without
  // paging, or the page's academies' (read after the groups, by the ids of the page they give: a short query by
  // `settlements_month_academy_idx`, where ranking the academies again in SQL cost more to plan than to run).
  const [groups, ownLines] = await Promise.all([
    lineGroups(scope),
    scope.academyId ? linesQuery({ ...scoped, academyId: scope.academyId }) : paging ? null : linesQuery(scoped),
  ]);
  const { totals, recover, byStatus, branches } = foldBranches(groups);
  const academies = new Map<
    number,
    { academyId: number; academyName: string; branchName: string; agencyName: string | null; lines: number } & Totals
  >();
  const agencyRows = new Map<
    string,
    { agencyId: number | null; agencyName: string; branchName: string; academies: Set<number> } & Totals
  >();
  for (const group of groups) {
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
    if (!counts(group)) continue;
    addTotals(a, group);
    addTotals(g, group);
  }
  const allAcademies = [...academies.values()];
  const pages = paging ? pageCount(allAcademies.length, paging.size) : 1;
  // A page past the last (an old link) shows the last page.
  const page = paging ? Math.min(pageNumber(paging.page), pages) : 1;
  const shown = paging ? allAcademies.slice((page - 1) * paging.size, page * paging.size) : allAcademies;
  const lines = ownLines ?? (await linesQuery({ ...scoped, academyIds: shown.map((a) => a.academyId) }));
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
    byStatus: statusRows(byStatus),
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

/** The figures by status in the order the page shows them (every status, zero where it has no line). */
const statusRows = (byStatus: Map<number, Totals>) =>
  [SettlementStatus.WAITING, SettlementStatus.SUCCESS, SettlementStatus.REFUND, SettlementStatus.CANCEL].map((s) => ({
    status: s,
    label: SETTLEMENT_STATUS_LABELS[s],
    ...(byStatus.get(s) ?? zero()),
  }));

/**
 * Every branch's settlement of a month, branch by branch (the operators' country view, decision 049): the totals, what
 * is to be recovered, the figures by status and each branch's with what waits to be paid out. Read from the month's
 * lines grouped by branch, so the page holds a row per branch however many academies paid; a branch's academies,
 * agencies and lines are on its own month (settlementReport).
 */
export async function countrySettlement(month: string) {
  const { totals, recover, byStatus, branches } = foldBranches(await branchGroups(month));
  return { month, totals, recover, byStatus: statusRows(byStatus), branches: [...branches.values()] };
}

export type CountrySettlement = Awaited<ReturnType<typeof countrySettlement>>;

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
