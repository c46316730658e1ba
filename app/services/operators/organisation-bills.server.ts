import { and, eq, inArray } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { payments, type OrganisationStatus, type PricePlan } from '~/db/schema';
import { PaymentStatus, Tier } from '~/domain/enums';
import type { MonthState } from '~/domain/operators';
import { composeBill, pricesForMonth, type Bill } from '../payments/prices.server';

// This month's bill of every payer on a page of the operators' lists (academies, individual members), in a fixed
// number of queries whatever the page's size: the month's prices once, the page's payments of the month and whose
// registration (NEW) was ever paid; `composeBill` makes each bill as `billFor` makes one. An academy's contract tier is
// not stored: it is BASIC plus the extra student packs its active students need this month.

/** The tiers of `month` that have a WAITING order (a deposit announced, a window open), per organisation. */
export async function waitingTiers(ids: number[], month: string): Promise<Map<number, Set<Tier>>> {
  const map = new Map<number, Set<Tier>>();
  if (ids.length === 0) return map;
  const rows = await db()
    .select({ organisationId: payments.organisationId, tier: payments.tier })
    .from(payments)
    .where(and(inArray(payments.organisationId, ids), eq(payments.paidMonth, month), eq(payments.status, PaymentStatus.WAITING)));
  for (const r of rows) map.set(r.organisationId, (map.get(r.organisationId) ?? new Set()).add(r.tier));
  return map;
}

/** Paid (every line), waiting (an unpaid line has an order under way), due, unpriced, or closed (not billed). */
export function monthStateOf(status: OrganisationStatus, bill: Bill, waiting: Set<Tier>): MonthState {
  if (status === 'CLOSED') return 'closed';
  if (bill.unpriced.length > 0) return 'unpriced';
  const unpaid = bill.lines.filter((l) => !l.paid);
  if (unpaid.length === 0) return 'paid';
  return unpaid.some((l) => waiting.has(l.tier)) ? 'waiting' : 'due';
}

export type PayerMonth = {
  state: MonthState;
  /** The bill's tiers (BASIC and the packs its size needs; NEW until the registration is paid). */
  tiers: Tier[];
  /** What is still to pay this month, in won. */
  due: number;
};

/** This month of each payer in `rows` (organisation id, status, active students) under `plan`. */
export async function payerMonths(
  plan: PricePlan,
  rows: { id: number; status: OrganisationStatus; activeStudents: number }[],
  month: string,
): Promise<Map<number, PayerMonth>> {
  const ids = rows.map((r) => r.id);
  const map = new Map<number, PayerMonth>();
  if (ids.length === 0) return map;
  const [prices, paid, registered, waiting] = await Promise.all([
    pricesForMonth(plan, month),
    db()
      .select({ organisationId: payments.organisationId, tier: payments.tier })
      .from(payments)
      .where(and(inArray(payments.organisationId, ids), eq(payments.paidMonth, month), eq(payments.status, PaymentStatus.SUCCESS))),
    db()
      .selectDistinct({ organisationId: payments.organisationId })
      .from(payments)
      .where(and(inArray(payments.organisationId, ids), eq(payments.tier, Tier.NEW), eq(payments.status, PaymentStatus.SUCCESS))),
    waitingTiers(ids, month),
  ]);
  const everRegistered = new Set(registered.map((r) => r.organisationId));
  for (const row of rows) {
    const bill = composeBill({
      month,
      plan,
      prices,
      paidTiers: new Set(paid.filter((p) => p.organisationId === row.id).map((p) => p.tier)),
      newEverPaid: everRegistered.has(row.id),
      activeStudents: row.activeStudents,
    });
    map.set(row.id, {
      state: monthStateOf(row.status, bill, waiting.get(row.id) ?? new Set()),
      tiers: bill.lines.map((l) => l.tier),
      due: bill.lines.filter((l) => !l.paid).reduce((sum, l) => sum + l.amount, 0),
    });
  }
  return map;
}
