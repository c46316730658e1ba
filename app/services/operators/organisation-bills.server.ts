import type { OrganisationStatus, PricePlan } from '~/db/schema';
import type { Tier } from '~/domain/enums';
import type { MonthState } from '~/domain/payments';
import { billingStates } from '../payments/billing-state.server';

// This month of every payer on a page of the operators' lists (academies, individual members): the payer's billing
// state (billing-state.server.ts, the one every screen reads), read for the whole page in a fixed number of queries.
// An academy's contract tier is not stored: it is BASIC plus the extra student packs its active students need.

export type PayerMonth = {
  state: MonthState;
  /** The month in words (billingWords), as the head's dashboard and payments page say it. */
  headline: string;
  detail: string;
  /** The active students the month's bill counts (today's for this month, the month's recorded count for a past one). */
  students: number;
  /** The bill's tiers (BASIC and the packs its size needs; NEW until the registration is paid). */
  tiers: Tier[];
  /** What is still to pay this month, in won (the part being confirmed included). */
  due: number;
  /** Of `due`: what is being confirmed or waits for a deposit. */
  pending: number;
  /** Refunded of this month's payments. */
  refunded: number;
};

/** This month of each payer in `rows` (organisation id, status, active students) under `plan`. */
export async function payerMonths(
  plan: PricePlan,
  rows: { id: number; status: OrganisationStatus; activeStudents: number }[],
  month: string,
): Promise<Map<number, PayerMonth>> {
  const states = await billingStates(plan, rows, month);
  const map = new Map<number, PayerMonth>();
  for (const [id, s] of states) {
    map.set(id, {
      state: s.state,
      headline: s.words.headline,
      detail: s.words.detail,
      students: s.activeStudents,
      tiers: s.lines.map((l) => l.tier),
      due: s.due,
      pending: s.pending,
      refunded: s.refunded,
    });
  }
  return map;
}
