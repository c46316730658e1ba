import { and, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { payments } from '~/db/schema';
import { PaymentStatus } from '~/domain/enums';
import { reconcileOrder } from './order-confirmation.server';
import { payerOrganisation, type Payer } from './orders.server';

/**
 * The receipt's '다시 확인하기' (a POST: a GET never writes): an order of the payer's organisation still waiting is
 * read back from the provider and settled. False when the id is not one of theirs.
 */
export async function recheckPayment(payer: Payer, paymentId: number): Promise<boolean> {
  const org = await payerOrganisation(payer);
  const [row] = await db()
    .select({ orderId: payments.orderId, status: payments.status })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.organisationId, org.id)));
  if (!row) return false;
  if (row.status === PaymentStatus.WAITING) await reconcileOrder(row.orderId);
  return true;
}
