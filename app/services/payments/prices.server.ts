import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { payments, prices, users, type PricePlan } from '~/db/schema';
import { PaymentStatus, Tier, type OrganisationKind } from '~/domain/enums';

// Prices and bills (product.md §3). Operators set each tier's price with the Seoul date it takes effect from; the
// price of a month is the newest price in effect on the month's first day. An academy's bill for a month: BASIC, NEW
// until its first registration is paid, and the extra student packs its size needs (ADD1 when its active students
// exceed what BASIC covers, ADD2 when they exceed BASIC + ADD1). An individual member's bill is their own BASIC.

export type TierPrice = { tier: Tier; amount: number; studentLimit: number | null; effectiveFrom: string };

/** The prices of every tier in effect on the first day of `month` ('YYYY-MM'); a tier without a price is absent. */
export async function pricesForMonth(plan: PricePlan, month: string, executor: Executor = db()): Promise<Map<Tier, TierPrice>> {
  const rows = await executor
    .selectDistinctOn([prices.tier], {
      tier: prices.tier,
      amount: prices.amount,
      studentLimit: prices.studentLimit,
      effectiveFrom: prices.effectiveFrom,
    })
    .from(prices)
    .where(and(eq(prices.plan, plan), lte(prices.effectiveFrom, `${month}-01`)))
    .orderBy(prices.tier, desc(prices.effectiveFrom));
  return new Map(rows.map((r) => [r.tier, r]));
}

export type BillLine = {
  tier: Tier;
  amount: number;
  /** Why the line is on the bill: '기본 이용료', '학생 31명: 추가 1 (31~60명)', … */
  reason: string;
  /** The order that paid it this month, if one succeeded. */
  paid: boolean;
};

export type Bill = {
  month: string;
  plan: PricePlan;
  activeStudents: number;
  lines: BillLine[];
  /** Tiers the bill needs but operators have not priced: the bill cannot be paid until they are. */
  unpriced: Tier[];
};

/** What `organisationId` owes for `month`: the lines, each marked paid when a SUCCESS payment covers it. */
export async function billFor(organisationId: number, kind: OrganisationKind, month: string, executor: Executor = db()): Promise<Bill> {
  const plan: PricePlan = kind === 'academy' ? 'academy' : 'personal';
  const [priceMap, paidRows, newPaid, [{ active }]] = await Promise.all([
    pricesForMonth(plan, month, executor),
    executor
      .select({ tier: payments.tier })
      .from(payments)
      .where(and(eq(payments.organisationId, organisationId), eq(payments.paidMonth, month), eq(payments.status, PaymentStatus.SUCCESS))),
    // NEW is paid once in an academy's life (a refunded registration is owed again).
    executor
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.organisationId, organisationId), eq(payments.tier, Tier.NEW), eq(payments.status, PaymentStatus.SUCCESS)))
      .limit(1),
    executor
      .select({ active: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.organisationId, organisationId), eq(users.role, 'USER'), eq(users.status, 'ACTIVE'))),
  ]);
  return composeBill({
    month,
    plan,
    prices: priceMap,
    paidTiers: new Set(paidRows.map((r) => r.tier)),
    newEverPaid: newPaid.length > 0,
    activeStudents: Number(active),
  });
}

/**
 * The bill from what it depends on (the month's prices, the tiers paid this month, whether NEW was ever paid, the
 * active students): `billFor` for one payer, and lists of many payers that read these in a few queries for a page.
 */
export function composeBill(input: {
  month: string;
  plan: PricePlan;
  prices: Map<Tier, TierPrice>;
  paidTiers: Set<Tier>;
  newEverPaid: boolean;
  activeStudents: number;
}): Bill {
  const { month, plan, prices: priceMap, paidTiers, activeStudents: students } = input;
  const wanted: { tier: Tier; reason: (p: TierPrice | undefined) => string }[] = [];
  wanted.push({ tier: Tier.BASIC, reason: () => '기본 이용료' });
  if (plan === 'academy') {
    // A NEW paid in this very month stays on this month's bill (as paid).
    if (!input.newEverPaid || paidTiers.has(Tier.NEW)) wanted.push({ tier: Tier.NEW, reason: () => '신규 등록비 (처음 한 번)' });
    const basicLimit = priceMap.get(Tier.BASIC)?.studentLimit ?? null;
    const add1Limit = priceMap.get(Tier.ADD1)?.studentLimit ?? null;
    if (basicLimit !== null && students > basicLimit) {
      wanted.push({ tier: Tier.ADD1, reason: () => `학생 ${students}명: 기본 ${basicLimit}명 초과` });
      if (add1Limit !== null && students > basicLimit + add1Limit) {
        wanted.push({ tier: Tier.ADD2, reason: () => `학생 ${students}명: ${basicLimit + add1Limit}명 초과` });
      }
    }
  }
  const lines: BillLine[] = [];
  const unpriced: Tier[] = [];
  for (const w of wanted) {
    const price = priceMap.get(w.tier);
    if (!price) {
      unpriced.push(w.tier);
      continue;
    }
    lines.push({ tier: w.tier, amount: price.amount, reason: w.reason(price), paid: paidTiers.has(w.tier) });
  }
  return { month, plan, activeStudents: students, lines, unpriced };
}
