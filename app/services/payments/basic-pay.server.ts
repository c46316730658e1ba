import { and, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { payments } from '~/db/schema';
import { PaymentStatus, Tier } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { seoulMonth } from '~/lib/dates';
import { sameTierAndMonth } from './tier-month.server';

/**
 * basicPay (spec §3): the organisation has a SUCCESS payment of tier BASIC for the current month on the Asia/Seoul
 * calendar. Students of an academy are covered by their academy's payment.
 */
export async function hasBasicPay(organisationId: number | null): Promise<boolean> {
  if (!organisationId) return false;
  const rows = await db()
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(sameTierAndMonth({ organisationId, paidMonth: seoulMonth(now()), tier: Tier.BASIC }), eq(payments.status, PaymentStatus.SUCCESS)),
    )
    .limit(1);
  return rows.length > 0;
}
