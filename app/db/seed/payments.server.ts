import { eq } from 'drizzle-orm';
import type { Tx } from '../client.server';
import { organisations, prices } from '../schema';
import { Tier } from '~/domain/enums';
import { addMonths, seoulMonth } from '~/lib/dates';
import { DEMO_PRICES } from './base.server';

/**
 * The demo's price table (in effect from two years ago, so every demo month is priced) and the demo branch's
 * settlement rate. BASIC covers 30 active students, ADD1 30 more, ADD2 60 more.
 */
export async function seedPayments(tx: Tx, at: Date) {
  const from = `${addMonths(seoulMonth(at), -24)}-01`;
  await tx.insert(prices).values([
    { plan: 'academy', tier: Tier.BASIC, amount: DEMO_PRICES.BASIC, studentLimit: 30, effectiveFrom: from },
    { plan: 'academy', tier: Tier.ADD1, amount: DEMO_PRICES.ADD1, studentLimit: 30, effectiveFrom: from },
    { plan: 'academy', tier: Tier.ADD2, amount: DEMO_PRICES.ADD2, studentLimit: 60, effectiveFrom: from },
    { plan: 'academy', tier: Tier.NEW, amount: DEMO_PRICES.NEW, studentLimit: null, effectiveFrom: from },
    { plan: 'personal', tier: Tier.BASIC, amount: DEMO_PRICES.PERSONAL, studentLimit: null, effectiveFrom: from },
  ]);
  await tx.update(organisations).set({ settlementRate: 1500 }).where(eq(organisations.kind, 'branch'));
}
