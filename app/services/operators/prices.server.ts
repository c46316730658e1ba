import { asc, desc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { prices, users, type PricePlan } from '~/db/schema';
import { Tier } from '~/domain/enums';
import { OPERATOR_PAYMENT_MESSAGES as M, PLAN_TIERS } from '~/domain/operator-payments';
import { now } from '~/lib/clock.server';
import { seoulDay, seoulDayStart, seoulMonth } from '~/lib/dates';
import { DomainError, isUniqueViolation } from '~/lib/errors';
import { pricesForMonth } from '~/services/payments/prices.server';
import { recordAudit } from './audit.server';
import type { Operator, Origin } from './users.server';

// The price table as operators keep it (super area, ADMIN1 and ADMIN2). A price is never edited or deleted: a change
// is a new row from a Seoul date on, today or later, so no bill already issued changes. A month's bill uses the newest
// price in effect on its first day (services/payments/prices.server.ts), so a price from the 15th bills from next month.

export type PriceRowState = 'current' | 'scheduled' | 'past';

export type PriceRow = {
  id: number;
  plan: PricePlan;
  tier: Tier;
  amount: number;
  studentLimit: number | null;
  effectiveFrom: string;
  state: PriceRowState;
  createdBy: string | null;
  createdAt: Date;
};

/** Tiers whose price says how many active students it covers. */
export const tierHasStudentLimit = (plan: PricePlan, tier: number) =>
  plan === 'academy' && (tier === Tier.BASIC || tier === Tier.ADD1 || tier === Tier.ADD2);

/**
 * Every price, per plan and tier, newest first, each marked: the one this month's bills use (current), the ones that
 * take effect later (scheduled: from a later date, or from a day of this month after its first), and the older ones.
 */
export async function priceTable(at: Date = now()) {
  const month = seoulMonth(at);
  const [rows, academyNow, personalNow] = await Promise.all([
    db()
      .select({
        id: prices.id,
        plan: prices.plan,
        tier: prices.tier,
        amount: prices.amount,
        studentLimit: prices.studentLimit,
        effectiveFrom: prices.effectiveFrom,
        createdBy: users.name,
        createdAt: prices.createdAt,
      })
      .from(prices)
      .leftJoin(users, eq(users.id, prices.createdByUserId))
      .orderBy(asc(prices.plan), asc(prices.tier), desc(prices.effectiveFrom)),
    pricesForMonth('academy', month),
    pricesForMonth('personal', month),
  ]);
  const first = `${month}-01`;
  const current = { academy: academyNow, personal: personalNow };
  return {
    month,
    today: seoulDay(at),
    rows: rows.map((r): PriceRow => {
      const inEffect = current[r.plan].get(r.tier);
      const state: PriceRowState =
        r.effectiveFrom > first ? 'scheduled' : inEffect && inEffect.effectiveFrom === r.effectiveFrom ? 'current' : 'past';
      return { ...r, state };
    }),
  };
}

export type NewPrice = { plan: string; tier: number; amount: string; studentLimit: string; effectiveFrom: string };

const digits = (value: string) => (/^\d{1,9}$/.test(value.replace(/,/g, '').trim()) ? Number(value.replace(/,/g, '').trim()) : null);

/** Validates and stores a new price (audited). Throws a DomainError with the Korean message of the first problem. */
export async function addPrice(operator: Operator, input: NewPrice, origin: Origin) {
  const plan = input.plan as PricePlan;
  if (!(plan in PLAN_TIERS) || !(PLAN_TIERS[plan] as number[]).includes(input.tier))
    throw new DomainError('PRICE_PLAN', M.pricePlanInvalid);
  const tier = input.tier as Tier;
  const amount = digits(input.amount);
  if (amount === null) throw new DomainError('PRICE_AMOUNT', M.priceAmountInvalid);
  let studentLimit: number | null = null;
  if (tierHasStudentLimit(plan, tier)) {
    if (!input.studentLimit.trim()) throw new DomainError('PRICE_LIMIT', M.priceLimitRequired);
    studentLimit = digits(input.studentLimit);
    if (studentLimit === null || studentLimit < 1 || studentLimit > 100_000) throw new DomainError('PRICE_LIMIT', M.priceLimitInvalid);
  }
  if (!seoulDayStart(input.effectiveFrom)) throw new DomainError('PRICE_DATE', M.priceDateInvalid);
  if (input.effectiveFrom < seoulDay(now())) throw new DomainError('PRICE_DATE', M.pricePast);
  try {
    return await db().transaction(async (tx) => {
      const [row] = await tx
        .insert(prices)
        .values({ plan, tier, amount, studentLimit, effectiveFrom: input.effectiveFrom, createdByUserId: operator.id })
        .returning();
      await recordAudit(tx, operator, origin, {
        action: 'price.create',
        targetType: 'price',
        targetId: row.id,
        after: { plan, tier, amount, studentLimit, effectiveFrom: row.effectiveFrom },
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('PRICE_DUPLICATE', M.priceDuplicate, 409);
    throw error;
  }
}
