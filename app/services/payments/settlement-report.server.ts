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

export const counts = (line: SettlementLine) => line.status === SettlementStatus.WAITING || line.status === SettlementStatus.SUCCESS;

export function add(t: Totals, line: SettlementLine) {
  t.count += 1;
  t.base += line.baseAmount;
  t.branchAmount += line.branchAmount;
  t.agencyAmount += line.agencyAmount;
}

/** 공급가액 and 세액 of an amount that includes 10 % VAT. */
export function vatSplit(total: number) {
  const supply = Math.round(total / 1.1);
  return { total, supply, vat: total - supply };
}

export type ReportScope = { branchId: number | null; month: string; academyId?: number | null };

/**
 * The month's lines of one branch (or all, branchId null) in the report's order (branch, academy, line), optionally
 * from after the line `after` on (its branch name, academy name and id) and at most `limit` of them.
 */
async function linesQuery(scope: ReportScope, after?: SettlementLine, limit?: number): Promise<SettlementLine[]> {
  const academy = alias(organisations, 'academy');
  const branch = alias(organisations, 'branch');
  const where: SQL[] = [eq(settlements.month, scope.month)];
  if (scope.branchId !== null) where.push(eq(settlements.branchId, scope.branchId));
  if (scope.academyId) where.push(eq(settlements.academyId, scope.academyId));
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
  return rows.map((r) => ({ ...r, toRecover: r.status === SettlementStatus.REFUND && r.paidOutAt !== null }));
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

/** The branch's (or every branch's) settlement of a month: summaries, totals, lines, invoice figures. */
export async function settlementReport(scope: ReportScope) {
  const all = await settlementLines({ branchId: scope.branchId, month: scope.month });
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
  for (const line of all) {
    const status = byStatus.get(line.status) ?? zero();
    add(status, line);
    byStatus.set(line.status, status);
    if (line.toRecover) add(recover, line);
    const a = academies.get(line.academyId) ?? {
      academyId: line.academyId,
      academyName: line.academyName,
      branchName: line.branchName,
      agencyName: line.agencyName,
      lines: 0,
      ...zero(),
    };
    a.lines += 1;
    academies.set(line.academyId, a);
    const agencyKey = `${line.branchId}:${line.agencyId ?? '-'}`;
    const g = agencyRows.get(agencyKey) ?? {
      agencyId: line.agencyId,
      agencyName: line.agencyName ?? '대리점 없음',
      branchName: line.branchName,
      academies: new Set<number>(),
      ...zero(),
    };
    g.academies.add(line.academyId);
    agencyRows.set(agencyKey, g);
    const b = branches.get(line.branchId) ?? { branchId: line.branchId, branchName: line.branchName, waiting: zero(), ...zero() };
    branches.set(line.branchId, b);
    if (!counts(line)) continue;
    add(totals, line);
    add(a, line);
    add(g, line);
    add(b, line);
    if (line.status === SettlementStatus.WAITING) add(b.waiting, line);
  }
  const business = config().business;
  return {
    month: scope.month,
    lines: scope.academyId ? all.filter((l) => l.academyId === scope.academyId) : all,
    academies: [...academies.values()],
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
