import { and, eq } from 'drizzle-orm';
import { payments } from '~/db/schema';
import type { Tier } from '~/domain/enums';

// An organisation pays for each tier once a month: the orders of one tier and month are those that compete (one
// succeeds, the others waiting then are cancelled, a deposit for a tier already paid is refused).

/** The orders of the organisation's `tier` for `paidMonth` (an order, or the tier and month it is for). */
export const sameTierAndMonth = (order: { organisationId: number; paidMonth: string; tier: Tier }) =>
  and(eq(payments.organisationId, order.organisationId), eq(payments.paidMonth, order.paidMonth), eq(payments.tier, order.tier));
