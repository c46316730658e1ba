import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '~/db/client.server';
import { agencies, organisations, payments, settlements } from '~/db/schema';
import { PaymentStatus, SettlementStatus } from '~/domain/enums';

// Settlement lines (product.md §3, the spec's second status). Each SUCCESS payment of an academy that belongs to a
// branch yields one line for the branch and the academy's agency at their rates (basis points), written in the same
// transaction as the payment's success. The line follows the payment: a partial refund lowers its base, a full refund
// turns it REFUND (CANCEL when the payment was cancelled); a line already paid out keeps its figures and turns
// REFUND, so the next payout recovers it.

/** Share of `base` at `rate` basis points, rounded down to the won. */
export const share = (base: number, rate: number) => Math.floor((base * rate) / 10_000);

/** Writes the settlement line of a payment that has just succeeded; nothing for a payer outside any branch. Idempotent. */
export async function createSettlementLine(tx: Tx, paymentId: number): Promise<void> {
  const [row] = await tx
    .select({
      payment: payments,
      academyKind: organisations.kind,
      branchId: organisations.branchId,
      agencyId: organisations.agencyId,
    })
    .from(payments)
    .innerJoin(organisations, eq(organisations.id, payments.organisationId))
    .where(eq(payments.id, paymentId));
  if (!row || row.payment.status !== PaymentStatus.SUCCESS || row.academyKind !== 'academy' || !row.branchId) return;
  const [[branch], agencyRows] = await Promise.all([
    tx.select({ rate: organisations.settlementRate }).from(organisations).where(eq(organisations.id, row.branchId)),
    row.agencyId ? tx.select({ rate: agencies.settlementRate }).from(agencies).where(eq(agencies.id, row.agencyId)) : Promise.resolve([]),
  ]);
  const branchRate = branch?.rate ?? 0;
  const agencyRate = agencyRows[0]?.rate ?? 0;
  const base = row.payment.amount - row.payment.refundedAmount;
  await tx
    .insert(settlements)
    .values({
      paymentId,
      academyId: row.payment.organisationId,
      branchId: row.branchId,
      agencyId: row.agencyId,
      month: row.payment.paidMonth,
      baseAmount: base,
      branchRate,
      agencyRate,
      branchAmount: share(base, branchRate),
      agencyAmount: share(base, agencyRate),
      status: SettlementStatus.WAITING,
    })
    .onConflictDoNothing({ target: settlements.paymentId });
}

/**
 * Makes the payment's line follow the payment after a refund or cancel (called in the refund's transaction, after the
 * payment row is updated).
 */
export async function followPayment(tx: Tx, paymentId: number): Promise<void> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
  const [line] = await tx.select().from(settlements).where(eq(settlements.paymentId, paymentId));
  if (!payment || !line) return;
  const updatedAt = new Date();
  if (payment.status === PaymentStatus.REFUND || payment.status === PaymentStatus.CANCEL) {
    await tx
      .update(settlements)
      .set({
        status: payment.status === PaymentStatus.CANCEL ? SettlementStatus.CANCEL : SettlementStatus.REFUND,
        updatedAt,
      })
      .where(and(eq(settlements.id, line.id), inArray(settlements.status, [SettlementStatus.WAITING, SettlementStatus.SUCCESS])));
    return;
  }
  if (line.status !== SettlementStatus.WAITING) return;
  const base = payment.amount - payment.refundedAmount;
  await tx
    .update(settlements)
    .set({ baseAmount: base, branchAmount: share(base, line.branchRate), agencyAmount: share(base, line.agencyRate), updatedAt })
    .where(and(eq(settlements.id, line.id), eq(settlements.status, SettlementStatus.WAITING)));
}
